/**
 * XLSX preview: exceljs reads the workbook in the browser; the first PREVIEW_MAX_SHEETS sheets as
 * tables of at most PREVIEW_MAX_ROWS rows each. Loaded on demand by Preview.tsx.
 */
import { Spin, Tabs } from 'antd';
import ExcelJS from 'exceljs';
import React, { useEffect, useState } from 'react';
import { PREVIEW_MAX_ROWS, PREVIEW_MAX_SHEETS } from '../format';
import TableView from './TableView';

interface Sheet {
  name: string;
  rows: string[][];
  total: number;
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return String(v.result ?? '');
    if ('error' in v) return String(v.error);
    return '';
  }
  return String(v);
};

/** Renders `data` (the XLSX's bytes); `onError` when exceljs cannot read it. */
export default function XlsxViewer({ data, onError }: { data: ArrayBuffer; onError: (e: unknown) => void }) {
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  useEffect(() => {
    const wb = new ExcelJS.Workbook();
    wb.xlsx
      .load(data)
      .then(() =>
        setSheets(
          wb.worksheets.slice(0, PREVIEW_MAX_SHEETS).map((ws) => {
            const rows: string[][] = [];
            ws.eachRow({ includeEmpty: false }, (row) => {
              if (rows.length > PREVIEW_MAX_ROWS) return;
              const values = (row.values as ExcelJS.CellValue[]).slice(1);
              rows.push(values.map(cellText));
            });
            return { name: ws.name, rows, total: Math.max(0, ws.actualRowCount - 1) };
          }),
        ),
      )
      .catch(onError);
  }, [data, onError]);
  if (!sheets) return <Spin />;
  return (
    <Tabs
      data-testid="preview-xlsx"
      items={sheets.map((s, i) => ({
        key: String(i),
        label: s.name,
        children: <TableView rows={s.rows} total={s.total} testId={`preview-xlsx-${i}`} />,
      }))}
    />
  );
}
