/**
 * The application's rules, read-only: from the rules API (GET /api/v1/rules?application=) when the
 * server has it, else the rules the application's recent runs froze (the rules API is another part
 * of the module; its admin pages edit them).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import React from 'react';
import { request, useIntl } from 'umi';
import type { Page } from '../../../../contracts/envelope';
import type { RuleSeverity } from '../../../../contracts';
import { listRuns } from './api';
import { SeverityTag } from './bits';

interface RuleRow {
  id: string;
  name: string;
  subject: string;
  kind: string;
  severity: RuleSeverity;
  enabled: boolean | null;
}

async function loadRules(app: string): Promise<{ rows: RuleRow[]; fromRuns: boolean }> {
  try {
    const page = await request<Page<{ id: string; name: string; subject?: string; subjectName?: string; definition?: { kind?: string }; severity: RuleSeverity; enabled?: boolean }>>(
      '/api/v1/rules',
      { method: 'GET', params: { application: app, pageSize: 100 }, skipErrorHandler: true },
    );
    return {
      rows: page.data.map((r) => ({ id: r.id, name: r.name, subject: r.subjectName ?? r.subject ?? '', kind: r.definition?.kind ?? '', severity: r.severity, enabled: r.enabled ?? null })),
      fromRuns: false,
    };
  } catch {
    const runs = await listRuns({ application: app, pageSize: 100 });
    const seen = new Map<string, RuleRow>();
    for (const run of runs.data)
      for (const r of run.rules)
        if (!seen.has(r.id))
          seen.set(r.id, { id: r.id, name: r.name, subject: run.subjectName, kind: (r.definition as { kind?: string } | null)?.kind ?? '', severity: r.severity, enabled: null });
    return { rows: [...seen.values()], fromRuns: true };
  }
}

export default function RulesList({ app, refresh }: { app: string; refresh: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const rules = useQuery({ queryKey: ['rule-runs', 'rules', app, refresh], queryFn: () => loadRules(app) });
  return (
    <>
      {rules.data?.fromRuns && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('ruleRuns.rules.fromRuns')} />}
      <Table<RuleRow>
        size="small"
        rowKey="id"
        loading={rules.isLoading}
        dataSource={rules.data?.rows ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('ruleRuns.rules.empty') }}
        data-testid="rule-runs-rules"
        columns={[
          { title: t('ruleRuns.col.rule'), dataIndex: 'name' },
          { title: t('ruleRuns.col.subject'), dataIndex: 'subject' },
          { title: t('ruleRuns.col.kind'), dataIndex: 'kind', render: (k: string) => (k ? intl.formatMessage({ id: `ruleRuns.kind.${k}`, defaultMessage: k }) : '—') },
          { title: t('ruleRuns.col.severity'), dataIndex: 'severity', render: (s: RuleSeverity) => <SeverityTag severity={s} /> },
        ]}
      />
    </>
  );
}
