/**
 * The audit table's columns and search fields: who, when (and the time-range filter), action
 * (a select of AUDIT_ACTIONS and their `resource.*` prefixes), target type and id, IP, user agent.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { useIntl } from 'umi';

type IntlShape = ReturnType<typeof useIntl>;
import { AUDIT_ACTIONS } from '../../../../contracts/constants';
import type { AuditEntry } from '../../../../contracts';

/** Select options: every `resource.*` prefix, then every action. */
export function actionOptions(intl: IntlShape): { label: string; value: string }[] {
  const prefixes = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]))].sort();
  return [
    ...prefixes.map((prefix) => ({ label: intl.formatMessage({ id: 'audit.action.prefix' }, { prefix }), value: prefix })),
    ...[...AUDIT_ACTIONS].sort().map((a) => ({ label: a, value: a })),
  ];
}

export function auditColumns(intl: IntlShape, openEntry: (e: AuditEntry) => void): ProColumns<AuditEntry>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('audit.col.seq'), dataIndex: 'seq', width: 72, search: false },
    {
      title: t('audit.col.at'),
      dataIndex: 'at',
      valueType: 'dateTime',
      width: 170,
      search: false,
    },
    {
      title: t('audit.col.timeRange'),
      dataIndex: 'range',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: {
        transform: (value: [string, string]) => ({
          from: value?.[0] ? dayjs(value[0]).toISOString() : undefined,
          to: value?.[1] ? dayjs(value[1]).toISOString() : undefined,
        }),
      },
    },
    {
      title: t('audit.col.actor'),
      dataIndex: 'actor',
      render: (_, e) => e.actorLabel,
      fieldProps: { placeholder: t('audit.actor.placeholder') },
      ellipsis: true,
    },
    {
      title: t('audit.col.action'),
      dataIndex: 'action',
      valueType: 'select',
      fieldProps: { options: actionOptions(intl), showSearch: true },
      render: (_, e) => <Typography.Text code>{e.action}</Typography.Text>,
    },
    { title: t('audit.col.targetType'), dataIndex: 'targetType', width: 110, render: (_, e) => e.targetType ?? '—' },
    { title: t('audit.col.targetId'), dataIndex: 'targetId', ellipsis: true, render: (_, e) => e.targetId ?? '—' },
    { title: t('audit.col.ip'), dataIndex: 'ip', width: 120, search: false, render: (_, e) => e.ip ?? '—' },
    { title: t('audit.col.userAgent'), dataIndex: 'userAgent', search: false, ellipsis: true, render: (_, e) => e.userAgent ?? '—' },
    {
      title: '',
      valueType: 'option',
      width: 80,
      render: (_, e) => [
        <a key="open" onClick={() => openEntry(e)} data-testid={`audit-open-${e.seq}`}>
          {t('audit.details')}
        </a>,
      ],
    },
  ];
}
