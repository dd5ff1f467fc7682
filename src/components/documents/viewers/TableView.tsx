/** A preview table of string rows (first row = header), shared by the XLSX and CSV viewers. */
import { Table, Typography } from 'antd';
import React from 'react';
import { useT } from '../../useT';

/** `rows` at most PREVIEW_MAX_ROWS + header; `total` the data rows the file has (the rest is said). */
export default function TableView({ rows, total, testId }: { rows: string[][]; total: number; testId: string }) {
  const t = useT();
  const [head = [], ...body] = rows;
  const width = Math.max(head.length, ...body.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => ({
    key: i,
    dataIndex: i,
    title: head[i] ?? '',
    ellipsis: true,
    width: 160,
  }));
  const data = body.map((r, n) => ({ key: n, ...Object.fromEntries(r.map((v, i) => [i, v])) }));
  return (
    <div data-testid={testId}>
      <Table
        size="small"
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: width * 160, y: '60vh' }}
        bordered
      />
      {total > body.length && (
        <Typography.Text type="secondary">{t('documents.preview.capped', { shown: body.length, total })}</Typography.Text>
      )}
    </div>
  );
}
