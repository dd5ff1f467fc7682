/**
 * Columns of the forms table (/admin/form): name (to the designer), subject, application (also
 * the application filter), default, updated, and the row's actions. Hidden search: `q` (name).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import React from 'react';
import { Link } from 'umi';
import type { DynamicForm } from '../../../../contracts';

type T = (id: string, values?: Record<string, string>) => string;

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** The forms table's columns; `apps` are the application filter's options, `actions` a row's operations. */
export function formColumns(t: T, apps: { value: string; label: string }[], actions: (f: DynamicForm) => React.ReactNode[]): ProColumns<DynamicForm>[] {
  return [
    { title: t('common.search'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('forms.search') } },
    {
      title: t('forms.name'),
      dataIndex: 'name',
      search: false,
      render: (_, f) => (
        <Link to={`/admin/form/${f.id}`} data-testid={`form-link-${f.name}`}>
          {f.name}
        </Link>
      ),
    },
    {
      title: t('forms.subject'),
      dataIndex: 'subjectName',
      search: false,
      onCell: nowrap,
      render: (_, f) => (
        <>
          {f.subjectName} <Typography.Text code>{f.subjectKey}</Typography.Text>
        </>
      ),
    },
    {
      title: t('forms.application'),
      dataIndex: 'application',
      valueType: 'select',
      fieldProps: { options: apps, showSearch: true, optionFilterProp: 'label' },
      onCell: nowrap,
      render: (_, f) => <Tag color="cyan">{f.application}</Tag>,
    },
    {
      title: t('forms.isDefault'),
      dataIndex: 'isDefault',
      search: false,
      onCell: nowrap,
      render: (_, f) => (f.isDefault ? <Tag color="green">{t('forms.default')}</Tag> : null),
    },
    { title: t('forms.description'), dataIndex: 'description', search: false, ellipsis: true, responsive: ['xl'] },
    { title: t('forms.updatedAt'), dataIndex: 'updatedAt', valueType: 'dateTime', search: false, onCell: nowrap },
    { title: t('forms.actions'), valueType: 'option', key: 'option', onCell: nowrap, render: (_, f) => actions(f) },
  ];
}
