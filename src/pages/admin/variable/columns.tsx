/** Columns of the variables table (/admin/variable): key, type, scope, value (secrets masked), description, updated. */
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import React from 'react';
import { Link } from 'umi';
import type { Variable } from '../../../../contracts';
import { VARIABLE_TYPES } from '../../../../contracts/constants';

export const TYPE_COLORS: Record<Variable['type'], string> = { text: 'default', number: 'blue', json: 'purple', secret: 'gold' };

/** The value cell: •••• for a secret, the text otherwise (one line). */
export function ValueCell({ v, masked }: { v: Variable; masked: string }) {
  if (v.type === 'secret') {
    return (
      <span data-testid="secret-mask">
        <Typography.Text type="secondary">{masked}</Typography.Text>
      </span>
    );
  }
  return (
    <Typography.Text code={v.type !== 'text'} ellipsis style={{ maxWidth: 320 }}>
      {v.value}
    </Typography.Text>
  );
}

export function variableColumns(
  t: (id: string, values?: Record<string, string>) => string,
  apps: { value: string; label: string }[],
  onDelete: (v: Variable) => void,
): ProColumns<Variable>[] {
  return [
    { title: t('common.search'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('variable.search') } },
    {
      title: t('variable.key'),
      dataIndex: 'key',
      width: 220,
      sorter: true,
      defaultSortOrder: 'ascend',
      search: false,
      render: (_, v) => <Link to={`/admin/variable/${v.id}`}>{v.key}</Link>,
    },
    {
      title: t('variable.type'),
      dataIndex: 'type',
      sorter: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(VARIABLE_TYPES.map((ty) => [ty, { text: t(`variable.type.${ty}`) }])),
      render: (_, v) => <Tag color={TYPE_COLORS[v.type]}>{t(`variable.type.${v.type}`)}</Tag>,
    },
    {
      title: t('variable.scope'),
      dataIndex: 'scope',
      valueType: 'select',
      fieldProps: { options: [{ value: 'global', label: t('variable.scope.global') }, ...apps], showSearch: true },
      render: (_, v) => (v.applicationId ? <Tag color="cyan">{v.applicationName}</Tag> : <Tag>{t('variable.scope.global')}</Tag>),
    },
    { title: t('variable.value'), dataIndex: 'value', search: false, render: (_, v) => <ValueCell v={v} masked="••••••" /> },
    { title: t('catalog.description'), dataIndex: 'description', search: false, ellipsis: true },
    { title: t('catalog.updatedAt'), dataIndex: 'updatedAt', valueType: 'dateTime', sorter: true, search: false, width: 170 },
    {
      title: t('catalog.actions'),
      valueType: 'option',
      width: 140,
      render: (_, v) => [
        <Link key="open" to={`/admin/variable/${v.id}`}>
          {t('catalog.open')}
        </Link>,
        <Popconfirm key="delete" title={t('catalog.deleteConfirm', { name: v.key })} onConfirm={() => onDelete(v)}>
          <Button type="link" danger size="small" style={{ padding: 0 }} data-testid={`delete-variable-${v.key}`}>
            {t('catalog.delete')}
          </Button>
        </Popconfirm>,
      ],
    },
  ];
}
