/**
 * The audit model's default report template (docs/engagements-papers.md "Audit reports"): bound to
 * the report subject with its relation `engagement`, it prints the engagement's particulars and each
 * of its findings (the report's data hook adds `record.findings`, audit-reports.ts). Select values
 * are stored as codes; the template prints their names in its language through a Liquid `case`
 * over contracts/engagements.values.ts, so an owner editing it sees plain Liquid, nothing hidden.
 * Made once when an application enables the Audit module (model-defaults.ts), and again on demand
 * (`POST …/audit/reports/default-template`) when an owner deleted it.
 */
import type { Locale } from '../../../../contracts';
import { FINDING_KINDS, FINDING_SEVERITIES, MANAGEMENT_RESPONSES, ENGAGEMENT_PHASES } from '../../../../contracts/engagements.constants';
import { AUDIT_VALUE_NAMES, type AuditValueCode } from '../../../../contracts/engagements.values';
import type { Executor } from '../../db/client';
import { insertDefaultTemplate } from '../report-templates/report-templates.service';

/** The default template's name, per language (how it is found again). */
export const DEFAULT_TEMPLATE_NAMES: Record<Locale, string> = { 'en-US': 'Audit report', 'zh-CN': '审计报告' };

/** Headings of the default template, per language. */
const DEFAULT_TEMPLATE_TEXT: Record<Locale, Record<string, string>> = {
  'en-US': {
    engagement: 'Engagement',
    client: 'Client',
    period: 'Period',
    phase: 'Phase',
    scope: 'Scope and objectives',
    findings: 'Findings',
    kind: 'Type',
    condition: 'Condition',
    criteria: 'Criteria',
    cause: 'Cause',
    effect: 'Effect',
    recommendation: 'Recommendation',
    response: 'Management response',
    due: 'Remediation due',
    none: 'No findings.',
  },
  'zh-CN': {
    engagement: '审计项目',
    client: '被审计单位',
    period: '审计期间',
    phase: '阶段',
    scope: '范围与目标',
    findings: '审计发现',
    kind: '类型',
    condition: '现状',
    criteria: '标准',
    cause: '原因',
    effect: '影响',
    recommendation: '建议',
    response: '管理层回复',
    due: '整改期限',
    none: '无审计发现。',
  },
};

/**
 * A Liquid `case` printing the name of the code held by `expr` in `locale` (any other value as it
 * is). Codes are [a-z_] only, so they need no escaping inside the quotes.
 */
export function namedValue(expr: string, codes: readonly AuditValueCode[], locale: Locale): string {
  const whens = codes.map((code) => `{% when '${code}' %}${AUDIT_VALUE_NAMES[code][locale]}`).join('');
  return `{% case ${expr} %}${whens}{% else %}{{ ${expr} }}{% endcase %}`;
}

/** The default template's Liquid body in `locale`: the engagement's particulars and each finding, codes named. */
export function defaultTemplateBody(locale: Locale): string {
  const t = DEFAULT_TEMPLATE_TEXT[locale];
  const row = (label: string, value: string) => `<tr><th>${label}</th><td>${value}</td></tr>`;
  return [
    '<h1>{{ record.title }}</h1>',
    '{% for e in record.engagement %}',
    `<table>${row(t.engagement, '{{ e.title }} {{ e.code }}')}${row(t.client, '{{ e.client }}')}${row(t.period, '{{ e.period_start }} – {{ e.period_end }}')}${row(
      t.phase,
      namedValue('e.phase', ENGAGEMENT_PHASES, locale),
    )}</table>`,
    `<h2>${t.scope}</h2><p>{{ e.scope }}</p>`,
    '{% endfor %}',
    `<h2>${t.findings} ({{ record.findings | size }})</h2>`,
    '{% for f in record.findings %}',
    `<h3>{{ forloop.index }}. {{ f.title }} (${namedValue('f.severity', FINDING_SEVERITIES, locale)})</h3>`,
    `<table>${row(t.kind, namedValue('f.kind', FINDING_KINDS, locale))}${row(t.condition, '{{ f.condition }}')}${row(t.criteria, '{{ f.criteria }}')}${row(
      t.cause,
      '{{ f.cause }}',
    )}${row(t.effect, '{{ f.effect }}')}${row(t.recommendation, '{{ f.recommendation }}')}${row(
      t.response,
      `${namedValue('f.response', MANAGEMENT_RESPONSES, locale)} {{ f.action_plan }}`,
    )}${row(t.due, '{{ f.due_date }}')}</table>`,
    `{% else %}<p>${t.none}</p>`,
    '{% endfor %}',
  ].join('\n');
}

/** Inserts the default template (version 1) of application `applicationId`, bound to its report subject, in the caller's transaction. @returns its id. */
export async function insertAuditReportTemplate(tx: Executor, applicationId: string, reportSubjectId: string, locale: Locale, actor: { id: string; label: string }): Promise<string> {
  return insertDefaultTemplate(
    tx,
    applicationId,
    { name: DEFAULT_TEMPLATE_NAMES[locale], description: '', binding: { subjectId: reportSubjectId, relations: ['engagement'] }, body: defaultTemplateBody(locale), createdBy: actor.id },
    actor.label,
  );
}
