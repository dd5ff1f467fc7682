/**
 * The `audit_reminders` action type (docs/engagements.md "Reminders and escalation"): what a
 * schedule trigger of an application with the Audit module runs, e.g. every morning, to remind and
 * escalate through in-app messages:
 *  - findings not closed whose remediation is due within `remindDays` → a reminder to the
 *    remediation owner; overdue (due date before today, UTC) → the owner and, as escalation, the
 *    engagement's lead;
 *  - evidence requests still `requested` and due within `remindDays` → a reminder to the person it
 *    is requested from; overdue → them and the engagement's lead.
 * Messages go through the notices module in the run's transaction (`ctx.tx`), so a Test run rolls
 * them back; one audit entry `notice.send` per run. Recipients are capped at `REMINDERS_MAX` items.
 * Configuration: `{ remindDays = 7 (0–90), findings = true, evidenceRequests = true }`.
 * Output: `{ reminded, escalated, notices }` (items, not people).
 */
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Executor } from '../../db/client';
import { applications, triggers } from '../../db/schema';
import { sendMessage } from '../notices/notices.service';
import type { SubjectDef } from '../subjects/subject-def';
import { ident } from '../subjects/ddl';
import { registerActionType } from '../triggers/action-types';
import { loadModel } from './engagements.model-access';

/** Items (findings plus evidence requests) one run handles at most. */
export const REMINDERS_MAX = 1_000;

export const remindersConfigSchema = z.object({
  remindDays: z.number().int().min(0).max(90).default(7),
  findings: z.boolean().default(true),
  evidenceRequests: z.boolean().default(true),
});
export type RemindersConfig = z.infer<typeof remindersConfigSchema>;

interface DueItem {
  id: string;
  label: string;
  due: string;
  person: string | null;
  lead: string | null;
}

const col = (s: SubjectDef, key: string) => {
  const f = s.fields.find((x) => x.key === key);
  if (!f?.column) throw new Error(`audit_reminders: ${s.key} has no field ${key}`);
  return ident(f.column);
};

/** Items of `s` whose `due` date is on or before `until`, not in `doneStatus`, with their person and the engagement's lead. */
async function dueItems(tx: Executor, s: SubjectDef, engagement: SubjectDef, o: { label: string; person: string; open: string[]; until: string }): Promise<DueItem[]> {
  const r = (key: string) => sql.raw(`r.${col(s, key)}`);
  const rows = rowsOf<{ id: string; label: string | null; due: string; person: string | null; lead: string | null }>(
    await tx.execute(sql`
      select r.id::text as id, ${r(o.label)} as label, ${r('due_date')}::text as due, ${r(o.person)}::text as person,
             ${sql.raw(`e.${col(engagement, 'lead')}`)}::text as lead
        from ${sql.raw(ident(s.tableName))} r
        left join ${sql.raw(ident(engagement.tableName))} e on e.id = ${r('engagement')} and e.deleted_at is null
       where r.deleted_at is null and ${r('due_date')} <= ${o.until}::date
         and ${r('status')} in (${sql.join(o.open.map((v) => sql`${v}`), sql`, `)})
       order by ${r('due_date')}, r.id
       limit ${REMINDERS_MAX}`),
  );
  return rows.map((r) => ({ id: r.id, label: r.label ?? r.id, due: r.due, person: r.person, lead: r.lead }));
}

export const remindersAction = registerActionType<RemindersConfig>({
  type: 'audit_reminders',
  config: remindersConfigSchema,
  async run(ctx, config) {
    const [owner] = await ctx.tx
      .select({ app: applications })
      .from(triggers)
      .innerJoin(applications, eq(applications.id, triggers.applicationId))
      .where(eq(triggers.id, ctx.trigger.id));
    if (!owner) throw new Error('audit_reminders: the trigger has no application');
    const model = await loadModel(ctx.tx, owner.app, null);
    if (!model) throw new Error('audit_reminders: the application has not enabled the Audit module');
    const today = dayjs().format('YYYY-MM-DD');
    const until = dayjs().add(config.remindDays, 'day').format('YYYY-MM-DD');
    const items: { kind: 'finding' | 'evidence'; item: DueItem }[] = [];
    if (config.findings)
      for (const item of await dueItems(ctx.tx, model.subjects.finding, model.subjects.engagement, { label: 'title', person: 'owner', open: ['open', 'remediation', 'retest'], until }))
        items.push({ kind: 'finding', item });
    if (config.evidenceRequests)
      for (const item of await dueItems(ctx.tx, model.subjects.evidence_request, model.subjects.engagement, { label: 'item', person: 'requested_from', open: ['requested'], until }))
        items.push({ kind: 'evidence', item });
    let reminded = 0;
    let escalated = 0;
    const notices: string[] = [];
    for (const { kind, item } of items.slice(0, REMINDERS_MAX)) {
      const overdue = item.due < today;
      const what = kind === 'finding' ? `Finding “${item.label}”` : `Evidence request “${item.label}”`;
      const title = overdue ? `Overdue: ${what} was due ${item.due} / 已逾期：${item.label}（${item.due}）` : `Due ${item.due}: ${what} / 即将到期：${item.label}（${item.due}）`;
      const people = new Set([item.person, ...(overdue ? [item.lead] : [])].filter((p): p is string => !!p));
      for (const recipientId of people) notices.push((await sendMessage(ctx.tx, { recipientId, title: title.slice(0, 200), body: '' })).id);
      if (overdue) escalated += 1;
      else reminded += 1;
    }
    if (notices.length > 0)
      await ctx.audit?.record(ctx.tx, {
        action: 'notice.send',
        targetType: 'trigger',
        targetId: ctx.trigger.id,
        after: { count: notices.length, reminded, escalated },
        details: { trigger: ctx.trigger.name, event: ctx.event.kind, application: owner.app.slug },
      });
    await ctx.log('info', `audit_reminders: ${reminded} reminded, ${escalated} escalated, ${notices.length} messages`);
    return { reminded, escalated, notices: notices.length };
  },
});
