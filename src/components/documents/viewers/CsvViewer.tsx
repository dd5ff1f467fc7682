/** CSV preview: papaparse, at most PREVIEW_MAX_ROWS rows as a table. Loaded on demand by Preview.tsx. */
import Papa from 'papaparse';
import React, { useMemo } from 'react';
import { PREVIEW_MAX_ROWS } from '../format';
import TableView from './TableView';

/** Renders `text` (the CSV's decoded text). */
export default function CsvViewer({ text }: { text: string }) {
  const parsed = useMemo(() => Papa.parse<string[]>(text, { skipEmptyLines: true }).data, [text]);
  return <TableView rows={parsed.slice(0, PREVIEW_MAX_ROWS + 1)} total={Math.max(0, parsed.length - 1)} testId="preview-csv" />;
}
