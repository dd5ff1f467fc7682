/**
 * Columns of the subjects table (/admin/subject): name (with icon, to the subject page), key,
 * application (also the application filter), fields, records, updated, and the row's actions.
 * Hidden search fields: keyword (`q`, key or name).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Tooltip, Typography } from 'antd';
import React from 'react';
import { Link } from 'umi';
import type { Subject } from '../../../../contracts';
import { SubjectIcon } from '../../../components/subject/icons';

type T = (id: string, values?: Record<string, string>) => string;

/** Cells that keep to one line (keys, tags, counts, dates, actions). */
const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** The subjects table's columns; `apps` are the application filter's options, `actions` a row's operations. */
export function subjectColumns(
  t: T,
  apps: { value: string; label: string }[],
  application: string | undefined,
  actions: (s: Subject) => React.ReactNode[],
): ProColumns<Subject>[] {
  return [
    { title: t('common.search'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('subject.search') } },
    {
      title: t('subject.name'),
      dataIndex: 'name',
      search: false,
      onCell: nowrap,
      render: (_, s) => (
        <Space>
          <SubjectIcon icon={s.icon} />
          <Link to={`/admin/subject/${s.id}`} data-testid={`subject-link-${s.key}`}>
            {s.name}
          </Link>
        </Space>
      ),
    },
    {
      title: t('subject.key'),
      dataIndex: 'key',
      search: false,
      onCell: nowrap,
      render: (_, s) => <Typography.Text code>{s.key}</Typography.Text>,
    },
    {
      title: t('subject.application'),
      dataIndex: 'application',
      valueType: 'select',
      initialValue: application,
      fieldProps: { options: apps, showSearch: true, optionFilterProp: 'label' },
      onCell: nowrap,
      render: (_, s) => <Tag color="cyan">{s.applicationName}</Tag>,
    },
    { title: t('subject.fieldCount'), dataIndex: 'fieldCount', search: false, onCell: nowrap },
    {
      title: <Tooltip title={t('subject.recordCountHelp')}>{t('subject.recordCount')}</Tooltip>,
      dataIndex: 'recordCount',
      search: false,
      onCell: nowrap,
      render: (_, s) => s.recordCount.toLocaleString(),
    },
    { title: t('subject.description'), dataIndex: 'description', search: false, ellipsis: true, responsive: ['xxl'] },
    {
      title: t('subject.updatedAt'),
      dataIndex: 'updatedAt',
      valueType: 'dateTime',
      search: false,
      onCell: nowrap,
      responsive: ['lg'],
    },
    { title: t('subject.actions'), valueType: 'option', key: 'option', onCell: nowrap, render: (_, s) => actions(s) },
  ];
}
