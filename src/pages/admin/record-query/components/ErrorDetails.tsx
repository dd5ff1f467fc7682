/**
 * A refused run, save or export shown beside the builder: the server's message and each 400 detail
 * with the part of the query it names (`definition.columns.3` → "Column 4 (client.nope)").
 */
import { Alert } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { RecordQueryDefinition } from '../../../../../contracts';
import { ApiError } from '../../../../services/api-error';
import { errorPlace } from '../columns';

interface Props {
  error: unknown;
  definition: RecordQueryDefinition | null;
  /** Column key → its header, to name a column the way the picker does. */
  titleOf: (key: string) => string;
  onClose: () => void;
}

export default function ErrorDetails({ error, definition, titleOf, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!error) return null;
  const details = error instanceof ApiError ? error.details : [];
  const where = (path: string) => {
    const p = errorPlace(path, { columns: definition?.columns, sort: definition?.sort });
    const item = p.item ? ` (${titleOf(p.item)})` : '';
    if ((p.part === 'columns' || p.part === 'sort') && p.index !== undefined) return t(`recordQuery.error.${p.part}.n`, { n: p.index + 1 }) + item;
    return p.part === 'other' ? path : t(`recordQuery.error.${p.part}`);
  };
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={onClose}
      data-testid="query-error"
      message={error instanceof Error ? error.message : String(error)}
      description={
        details.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {details.map((d, i) => (
              <li key={i} data-testid="query-error-detail" data-field={d.field}>
                <strong>{where(d.field)}</strong>: {d.message}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
