/**
 * The application's rules, read-only, paged by the server (GET /api/v1/rules?application=, 20 a
 * page): name, subject, kind, severity, enabled. The admin pages (`/admin/rule`) edit them.
 */
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { Rule, RuleSeverity } from '../../../../contracts';
import { listRules } from '../../../services/rules';
import { SeverityTag } from './bits';

/** The rules of application `app` (slug); `refresh` changes when the page wants them read again. */
export default function RulesList({ app, refresh }: { app: string; refresh: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const rules = useQuery({ queryKey: ['rule-runs', 'rules', app, page, refresh], queryFn: () => listRules({ application: app, ...page }) });
  return (
    <Table<Rule>
      size="small"
      rowKey="id"
      loading={rules.isLoading}
      dataSource={rules.data?.data ?? []}
      pagination={{ ...page, total: rules.data?.total ?? 0, hideOnSinglePage: true, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      locale={{ emptyText: t('ruleRuns.rules.empty') }}
      data-testid="rule-runs-rules"
      columns={[
        { title: t('ruleRuns.col.rule'), dataIndex: 'name', render: (name: string, r) => (r.enabled ? name : <span>{name} <Tag>{t('ruleRuns.rules.disabled')}</Tag></span>) },
        { title: t('ruleRuns.col.subject'), dataIndex: 'subjectName' },
        { title: t('ruleRuns.col.kind'), key: 'kind', render: (_, r) => intl.formatMessage({ id: `ruleRuns.kind.${r.definition.kind}`, defaultMessage: r.definition.kind }) },
        { title: t('ruleRuns.col.severity'), dataIndex: 'severity', render: (s: RuleSeverity) => <SeverityTag severity={s} /> },
      ]}
    />
  );
}
