/**
 * The grid's "Export" dropdown ("Every grid exports CSV and XLSX of the current filter,
 * every column the user can see"): sends the grid's quick search, filter, sort and visible columns
 * (in their order) to POST …/records/export and downloads the file (services/imports.ts).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { FilterGroup } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { exportRecords } from '../../services/imports';

/** What the grid shows now. */
export interface GridExportState {
  q?: string;
  filter?: FilterGroup;
  sort?: string;
  /** Visible column keys (field keys, `id`, system columns), left to right. */
  columns: string[];
}

export default function ExportButton({ app, subjectKey, state }: { app: string; subjectKey: string; state: () => GridExportState }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    const s = state();
    setBusy(true);
    try {
      const name = await exportRecords(app, subjectKey, {
        format,
        columns: s.columns,
        q: s.q || undefined,
        sort: s.sort,
        filter: s.filter && s.filter.items.length > 0 ? JSON.stringify(s.filter) : undefined,
      });
      message.success(intl.formatMessage({ id: 'imports.export.done' }, { name }));
    } catch (e) {
      message.error(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'csv', label: 'CSV', 'data-testid': 'export-csv' } as never,
          { key: 'xlsx', label: 'XLSX (Excel)', 'data-testid': 'export-xlsx' } as never,
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid="records-export">
        {intl.formatMessage({ id: 'imports.export.button' })}
      </Button>
    </Dropdown>
  );
}
