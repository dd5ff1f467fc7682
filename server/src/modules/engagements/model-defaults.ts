/**
 * What the audit model gives a new audit application besides its subjects (docs/engagements.md
 * "The model"): default forms, a default reminders trigger, the default report template — and
 * (model-apply.ts) default views and rules. Each is made once per application and remembered by key
 * in `app_models.settings` (`defaultForms`, `defaultTriggers`, `defaultTemplates`), so an owner may
 * change or delete it for good: an upgrade never makes a deleted one again.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FormLayout, Locale } from '../../../../contracts';
import type { AuditObject } from '../../../../contracts/engagements.constants';
import type { Executor } from '../../db/client';
import { reportTemplates } from '../../db/schema';
import { insertDefaultForm } from '../forms/forms.service';
import { loadSubjectDef } from '../subjects/subject-def';
import { insertDefaultTrigger } from '../triggers/triggers.service';
import { DEFAULT_TEMPLATE_NAMES, insertAuditReportTemplate } from './default-template';
import { remindersConfigSchema } from './reminders.action';

type Names = Record<Locale, string>;
const n = (en: string, zh: string): Names => ({ 'en-US': en, 'zh-CN': zh });

/** One section of a default form: a title and field keys (with conditions where they matter). */
interface SectionSpec {
  title: Names;
  fields: (string | { key: string; visibleIf?: FormLayout['sections'][number]['fields'][number]['visibleIf']; requiredIf?: FormLayout['sections'][number]['fields'][number]['requiredIf'] })[];
}

/** A default form of an object: the workspace's create and edit form of its records. */
export interface DefaultFormSpec {
  key: string;
  object: AuditObject;
  name: Names;
  sections: SectionSpec[];
}

const when = (field: string, value: string) => ({ match: 'all' as const, conditions: [{ field, op: 'eq' as const, value }] });

/**
 * The forms every audit application starts with, each its object's default form (fields the
 * domain sets — states, sign-offs, due dates — are not on them: the record API refuses them).
 */
export const AUDIT_DEFAULT_FORMS: DefaultFormSpec[] = [
  {
    key: 'engagement',
    object: 'engagement',
    name: n('Engagement', '审计项目'),
    sections: [
      { title: n('Engagement', '项目'), fields: ['title', 'client', 'scope', 'period_start', 'period_end'] },
      { title: n('Team and budget', '团队与预算'), fields: ['lead', 'reviewer', 'budget_hours'] },
    ],
  },
  {
    key: 'procedure',
    object: 'procedure',
    name: n('Audit procedure', '审计程序'),
    sections: [
      { title: n('Procedure', '程序'), fields: ['title', 'engagement', 'kind', 'method', 'control', 'assignee', 'budget_hours'] },
      {
        title: n('Sample', '抽样'),
        fields: [
          { key: 'sample_size', visibleIf: when('kind', 'control_test') },
          { key: 'selection', visibleIf: when('kind', 'control_test') },
        ],
      },
    ],
  },
  {
    key: 'finding',
    object: 'finding',
    name: n('Finding', '审计发现'),
    sections: [
      { title: n('Finding', '发现'), fields: ['title', 'engagement', 'procedure', 'kind', 'severity', 'owner'] },
      { title: n('Condition, criteria, cause, effect', '现状、标准、原因、影响'), fields: ['condition', 'criteria', 'cause', 'effect', 'recommendation'] },
      {
        title: n('Management response', '管理层回复'),
        fields: [
          'response',
          { key: 'action_plan', visibleIf: when('response', 'agree'), requiredIf: when('response', 'agree') },
          { key: 'response_owner', visibleIf: when('response', 'agree') },
          'response_date',
        ],
      },
    ],
  },
  {
    key: 'evidence_request',
    object: 'evidence_request',
    name: n('Evidence request', '资料需求'),
    sections: [{ title: n('Request', '需求'), fields: ['item', 'engagement', 'requested_from', 'due_date', 'status', 'files'] }],
  },
];

/** The reminders trigger every audit application starts with: every morning at 08:00. */
export const AUDIT_DEFAULT_TRIGGER = {
  key: 'reminders',
  name: n('Audit reminders and escalation', '审计提醒与升级'),
  cron: '0 8 * * *',
};

/** The time zone of the default trigger: the enabling user's language decides (an owner may change it). */
export const DEFAULT_TRIGGER_TIME_ZONES: Record<Locale, string> = { 'zh-CN': 'Asia/Shanghai', 'en-US': 'UTC' };

/** What applyModelDefaults made before (by key), as kept in `app_models.settings`. */
export interface MadeDefaults {
  defaultForms: string[];
  defaultTriggers: string[];
  defaultTemplates: string[];
}

/** The layout of a form spec in `locale`. */
export function layoutOf(spec: DefaultFormSpec, locale: Locale): FormLayout {
  return {
    sections: spec.sections.map((s) => ({
      title: s.title[locale],
      fields: s.fields.map((f) => (typeof f === 'string' ? { key: f } : f)),
    })),
  };
}

/**
 * Makes the default forms, trigger and report template the application `app` lacks (by the keys
 * in `made`), in `tx`, names in `locale`, owned by `actor`. @returns `made` with what it made added.
 * @throws HttpError 400 when a default does not fit the subjects (a model defect, caught by tests).
 */
export async function applyModelDefaults(
  tx: Executor,
  app: { id: string; slug: string },
  ids: Record<AuditObject, string>,
  made: MadeDefaults,
  actor: { id: string; label: string },
  locale: Locale,
): Promise<MadeDefaults> {
  const out: MadeDefaults = { defaultForms: [...made.defaultForms], defaultTriggers: [...made.defaultTriggers], defaultTemplates: [...made.defaultTemplates] };
  for (const spec of AUDIT_DEFAULT_FORMS) {
    if (out.defaultForms.includes(spec.key)) continue;
    const def = (await loadSubjectDef(tx, { id: ids[spec.object] }))!;
    await insertDefaultForm(tx, def, { name: spec.name[locale], description: '', layout: layoutOf(spec, locale) }, actor.id);
    out.defaultForms.push(spec.key);
  }
  if (!out.defaultTriggers.includes(AUDIT_DEFAULT_TRIGGER.key)) {
    await insertDefaultTrigger(
      tx,
      {
        name: AUDIT_DEFAULT_TRIGGER.name[locale],
        application: app.slug,
        enabled: true,
        event: 'schedule',
        cron: AUDIT_DEFAULT_TRIGGER.cron,
        timezone: DEFAULT_TRIGGER_TIME_ZONES[locale],
        changedFields: [],
        steps: [{ type: 'audit_reminders', config: remindersConfigSchema.parse({}) }],
        retryLimit: 2,
        retryDelaySeconds: 30,
      },
      actor,
    );
    out.defaultTriggers.push(AUDIT_DEFAULT_TRIGGER.key);
  }
  if (!out.defaultTemplates.includes('report')) {
    // one made on demand before (POST …/reports/default-template) counts as made
    const [had] = await tx
      .select({ id: reportTemplates.id })
      .from(reportTemplates)
      .where(and(eq(reportTemplates.subjectId, ids.report), inArray(reportTemplates.name, Object.values(DEFAULT_TEMPLATE_NAMES)), isNull(reportTemplates.deletedAt)))
      .limit(1);
    if (!had) await insertAuditReportTemplate(tx, app.id, ids.report, locale, actor);
    out.defaultTemplates.push('report');
  }
  return out;
}
