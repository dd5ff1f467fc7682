/**
 * The `notify` action type (docs/outbound.md "Notify"): an in-app message to people, and an e-mail
 * when asked and the SMTP server is configured.
 *
 * - Recipients: `recipients.users` (user ids), every member of `recipients.groups` (group ids), and
 *   the user named by `recipients.field` (the key of a user field of the record: its owner, its
 *   reviewer…; the value after the change, before it for a deletion). Each live, enabled user once
 *   (groups module liveRecipients), at most NOTIFY_MAX_RECIPIENTS.
 * - Title and body are plain text with placeholders (template.ts: `{{field}}` is the record's value;
 *   nothing is evaluated). The in-app body is the text HTML-escaped, line breaks kept.
 * - In-app: one message per recipient (notices module sendMessage) in the step's transaction `ctx.tx`,
 *   so it exists only if the step commits; one audit entry `notice.send` for the step when the runner
 *   gives an audit writer.
 * - E-mail (`email: true`, and an SMTP server and sender set): one message per recipient, to their
 *   address alone, in plain text and as the same escaped HTML as the in-app body. Best effort: a failure is logged and counted (`emailsFailed`), not thrown, so a
 *   retry does not post the in-app messages twice; the in-app message is the record.
 * - Dry run (Test): the in-app messages are written and rolled back with the run; no e-mail is sent,
 *   the output lists the addresses that would get one.
 * - Output: recipients notified, e-mails sent (and failed), or would be sent in a dry run.
 */
import { z } from 'zod';
import type { AuditWriter } from '../../../core/audit.writer';
import { isUuid } from '../../../lib/uuid';
import { liveRecipients } from '../../groups/groups.service';
import { sendMessage } from '../../notices/notices.service';
import { mailerConfigured, sendMail } from '../../outbound/outbound.service';
import { registerActionType, type ActionContext } from '../action-types';
import { escapeHtml, renderTemplate, type TemplateScope } from './template';

/** Recipients of one step at most (users; the rest are left out, with a warning in the run's log). */
export const NOTIFY_MAX_RECIPIENTS = 500;
/** Characters of a title and of a body template. */
export const NOTIFY_LIMITS = { title: 200, body: 10_000 } as const;

export const notifyConfigSchema = z
  .object({
    recipients: z
      .object({
        users: z.array(z.uuid()).max(100).default([]),
        groups: z.array(z.uuid()).max(50).default([]),
        /** Key of a user field of the record (its value: a user id, or a list of them). */
        field: z
          .string()
          .trim()
          .regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/)
          .optional(),
      })
      .default({ users: [], groups: [] }),
    title: z.string().trim().min(1).max(NOTIFY_LIMITS.title),
    body: z.string().max(NOTIFY_LIMITS.body).default(''),
    email: z.boolean().default(false),
  })
  .refine((c) => c.recipients.users.length > 0 || c.recipients.groups.length > 0 || !!c.recipients.field, {
    message: 'name users, groups or a user field',
    path: ['recipients'],
  });
export type NotifyConfig = z.infer<typeof notifyConfigSchema>;

/** The user ids in the record's `field` (a user id, or a list of them; anything else ignored). */
function fieldUserIds(ctx: ActionContext, field: string | undefined): string[] {
  if (!field) return [];
  const record = ctx.event.after ?? ctx.event.before ?? {};
  const value = record[field];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string' && isUuid(v)).slice(0, 100);
}

/** Plain text as a notice body: escaped, one paragraph, line breaks kept. */
function noticeHtml(text: string): string {
  return text ? `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>` : '';
}

export const notifyAction = registerActionType<NotifyConfig>({
  type: 'notify',
  config: notifyConfigSchema,
  async run(ctx, config) {
    const scope: TemplateScope = { event: ctx.event, trigger: ctx.trigger };
    const title =
      renderTemplate(config.title, scope).replace(/\s+/g, ' ').trim().slice(0, NOTIFY_LIMITS.title) || ctx.trigger.name;
    const text = renderTemplate(config.body, scope);
    const fromField = fieldUserIds(ctx, config.recipients.field);
    if (config.recipients.field && fromField.length === 0)
      await ctx.log('warn', `notify: the record's ${config.recipients.field} names no user`);
    const people = await liveRecipients(ctx.tx, {
      userIds: [...new Set([...config.recipients.users, ...fromField])],
      groupIds: config.recipients.groups,
      limit: NOTIFY_MAX_RECIPIENTS + 1,
    });
    if (people.length > NOTIFY_MAX_RECIPIENTS) {
      people.length = NOTIFY_MAX_RECIPIENTS;
      await ctx.log(
        'warn',
        `notify: more than ${NOTIFY_MAX_RECIPIENTS} recipients; the first ${NOTIFY_MAX_RECIPIENTS} by e-mail address are notified`,
      );
    }
    if (people.length === 0) {
      await ctx.log('warn', 'notify: no live recipient');
      return { recipients: 0, emailsSent: 0 };
    }

    const body = noticeHtml(text);
    const noticeIds: string[] = [];
    for (const p of people) noticeIds.push((await sendMessage(ctx.tx, { recipientId: p.id, title, body })).id);
    const audit = (ctx as ActionContext & { audit?: AuditWriter }).audit;
    await audit?.record(ctx.tx, {
      action: 'notice.send',
      targetType: 'trigger',
      targetId: ctx.trigger.id,
      after: { title, recipients: people.slice(0, 100).map((p) => p.id), count: people.length },
      details: { trigger: ctx.trigger.name, event: ctx.event.kind, recordId: ctx.event.recordId ?? null, email: config.email },
    });

    let emailsSent = 0;
    let emailsFailed = 0;
    const output: Record<string, unknown> = { recipients: people.length };
    if (config.email) {
      if (!(await mailerConfigured(ctx.tx))) {
        await ctx.log('info', 'notify: e-mail asked for, but no SMTP server is configured (system settings); in-app only');
        output.email = 'not configured';
      } else if (ctx.dryRun) {
        output.wouldEmail = people.map((p) => p.email);
        output.emailSubject = title;
      } else {
        const messages = people.map((p) => ({
          to: [p.email],
          subject: title,
          text: text || title,
          ...(body ? { html: body } : {}),
        }));
        try {
          const results = await sendMail(ctx.tx, messages);
          emailsSent = results.filter((r) => r.accepted.length > 0).length;
          emailsFailed = results.length - emailsSent;
        } catch (err) {
          emailsFailed = messages.length - emailsSent;
          await ctx.log('warn', `notify: e-mail failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
    await ctx.log('info', `notify: ${people.length} notified in the app, ${emailsSent} by e-mail`);
    return { ...output, notices: noticeIds.length, emailsSent, ...(emailsFailed ? { emailsFailed } : {}) };
  },
});
