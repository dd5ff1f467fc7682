/**
 * /admin/rule, the rules of every application (docs/rules.md "Pages", docs/rules-api.md): a
 * ProTable on server paging, newest first, filtered by application, subject, severity, enabled, tag
 * and name; a switch enables or disables a rule (sent with its version); delete after a
 * confirmation; "New rule" opens the editor at /admin/rule/new.
 */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Empty, message, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import { history, Link } from 'umi';
import type { Rule } from '../../../../contracts';
import { RULE_KINDS, RULE_SEVERITIES } from '../../../../contracts/rules.constants';
import { SEVERITY_COLORS } from '../../../components/rules/severity';
import { useT } from '../../../components/useT';
import { toApiError } from '../../../services/api-error';
import { deleteRule, listRules, updateRule } from '../../../services/rules';

export default function RulesPage() {
  const t = useT();
  const action = useRef<ActionType>();
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      if (done) message.success(done);
      action.current?.reload();
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const columns: ProColumns<Rule>[] = [
    {
      title: t('rules.col.name'),
      dataIndex: 'q',
      render: (_, row) => (
        <Space size={4}>
          <Link to={`/admin/rule/${row.id}`} data-testid="rule-link">
            {row.name}
          </Link>
          {row.problem ? (
            <Tag color="error" title={row.problem}>
              {t('rules.problem')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('rules.col.application'),
      dataIndex: 'application',
      render: (_, row) => `${row.applicationName} (${row.application})`,
    },
    { title: t('rules.col.subject'), dataIndex: 'subject', render: (_, row) => `${row.subjectName} (${row.subject})` },
    {
      title: t('rules.col.kind'),
      dataIndex: 'kind',
      hideInSearch: true,
      width: 110,
      valueEnum: Object.fromEntries(RULE_KINDS.map((k) => [k, { text: t(`rules.kind.${k}`) }])),
      render: (_, row) => t(`rules.kind.${row.definition.kind}`),
    },
    {
      title: t('rules.col.severity'),
      dataIndex: 'severity',
      valueType: 'select',
      valueEnum: Object.fromEntries(RULE_SEVERITIES.map((s) => [s, { text: t(`rules.severity.${s}`) }])),
      render: (_, row) => <Tag color={SEVERITY_COLORS[row.severity]}>{t(`rules.severity.${row.severity}`)}</Tag>,
    },
    {
      title: t('rules.col.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: t('rules.enabled.on') }, false: { text: t('rules.enabled.off') } },
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          aria-label={t('rules.col.enabled')}
          onChange={(v) => void run(() => updateRule(row.id, { version: row.version, enabled: v }))}
          data-testid="rule-enabled"
        />
      ),
    },
    {
      title: t('rules.col.tags'),
      dataIndex: 'tag',
      width: 120,
      render: (_, row) => (row.tags.length ? row.tags.map((x) => <Tag key={x}>{x}</Tag>) : '–'),
    },
    { title: t('rules.col.owner'), dataIndex: 'ownerLabel', hideInSearch: true },
    {
      title: t('rules.col.updatedAt'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('rules.col.actions'),
      valueType: 'option',
      width: 90,
      render: (_, row) => [
        <Popconfirm
          key="delete"
          title={t('rules.delete.confirm', { name: row.name })}
          description={t('rules.delete.desc')}
          onConfirm={() => run(() => deleteRule(row.id), t('rules.deleted'))}
        >
          <Typography.Link type="danger" data-testid={`rule-delete-${row.name}`}>
            {t('rules.delete')}
          </Typography.Link>
        </Popconfirm>,
      ],
    },
  ];
  return (
    <PageContainer title={t('rules.title')} subTitle={t('rules.subtitle')}>
      <div data-testid="rules-table">
        <ProTable<Rule>
          rowKey="id"
          actionRef={action}
          columns={columns}
          request={async (params) => {
            const p = params as Record<string, string | number | undefined>;
            const text = (k: string) => (p[k] ? String(p[k]) : undefined);
            return listRules({
              current: Number(p.current) || 1,
              pageSize: Number(p.pageSize) || 20,
              application: text('application'),
              subject: text('subject'),
              severity: text('severity'),
              enabled: p.enabled === 'true' || p.enabled === 'false' ? p.enabled : undefined,
              tag: text('tag'),
              q: text('q'),
            });
          }}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          locale={{ emptyText: <Empty description={t('rules.empty')} /> }}
          toolBarRender={() => [
            <Button key="new" type="primary" onClick={() => history.push('/admin/rule/new')} data-testid="rule-new">
              {t('rules.new')}
            </Button>,
          ]}
        />
      </div>
    </PageContainer>
  );
}
