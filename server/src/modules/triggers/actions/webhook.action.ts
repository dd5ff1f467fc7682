/**
 * The `webhook` action type (docs/outbound.md "Webhooks"): an HTTP request to another system with
 * the event, through the private-address guard (lib/outbound-http.ts, with the administrator's
 * allow-list), signed when a secret is configured (lib/webhook-signature.ts).
 *
 * - Body: the event as JSON (WebhookPayload), or `bodyTemplate` rendered with placeholders
 *   (template.ts, values inserted as JSON).
 * - Headers: `Content-Type: application/json` (unless configured otherwise), `User-Agent`,
 *   `X-Assay-Delivery` (a delivery id, the same on every retry of a run's step, for the receiver to
 *   ignore a repeat), `X-Assay-Event` (the event kind), `X-Assay-Signature` when `secretVariable`
 *   names a variable with a value; configured headers may not replace these nor the transport's own.
 * - A status outside 2xx, a refused address, a time-out or a network error throws: the trigger runner
 *   retries the step per the trigger's policy.
 * - Dry run (Test): nothing is sent; the output is the request that would be (the signature header
 *   shown as a placeholder, the secret never) and whether the URL passes the guard's static checks.
 * - Output: status, duration (ms), the delivery id, the final URL, the first RESPONSE_EXCERPT_CHARS
 *   characters of the response.
 */
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { VARIABLE_KEY_PATTERN } from '../../../../../contracts/constants';
import { checkOutboundUrl, OUTBOUND_TIMEOUT_MS, OutboundRefusedError } from '../../../lib/outbound-http';
import { SIGNATURE_HEADER, signWebhook } from '../../../lib/webhook-signature';
import { outboundAllowList, outboundFetch } from '../../outbound/outbound.service';
import { registerActionType, type ActionContext } from '../action-types';
import { renderTemplate, TEMPLATE_LIMITS } from './template';

/** Characters of the response kept in the output. */
export const RESPONSE_EXCERPT_CHARS = 1_000;
/** Bytes of the response read at most (the rest is dropped, not an error). */
const RESPONSE_READ_BYTES = 64 * 1024;
/** Configured headers at most. */
const HEADERS_MAX = 20;
/** Headers the action sets itself or the transport owns: a configuration may not set them. */
const RESERVED_HEADERS =
  /^(host|content-length|transfer-encoding|connection|keep-alive|upgrade|te|trailer|proxy-.*|x-assay-.*)$/i;
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

export const webhookConfigSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(2_048)
    .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), { message: 'an http:// or https:// URL' }),
  method: z.enum(['POST', 'PUT', 'PATCH']).default('POST'),
  headers: z
    .record(
      z
        .string()
        .regex(HEADER_NAME, { message: 'a header name' })
        .refine((h) => !RESERVED_HEADERS.test(h), { message: 'a header the webhook sets itself' }),
      z
        .string()
        .max(1_000)
        .refine((v) => !/[\r\n\0]/.test(v), { message: 'no line breaks' }),
    )
    .refine((h) => Object.keys(h).length <= HEADERS_MAX, { message: `at most ${HEADERS_MAX} headers` })
    .default({}),
  /** Key of the variable whose value signs the body (a secret variable, read through ctx.variable). */
  secretVariable: z.string().trim().regex(VARIABLE_KEY_PATTERN).optional(),
  timeoutMs: z.number().int().min(1_000).max(30_000).default(OUTBOUND_TIMEOUT_MS.default),
  /** The body with placeholders (values inserted as JSON); omitted = the event as JSON. */
  bodyTemplate: z.string().max(TEMPLATE_LIMITS.template).optional(),
});
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

/** The default body: what happened, to which record, through which trigger. */
export interface WebhookPayload {
  /** The delivery id (also the X-Assay-Delivery header). */
  id: string;
  trigger: { id: string; name: string };
  event: {
    kind: string;
    application: string | null;
    subject: string | null;
    recordId: string | null;
    actorId: string | null;
    depth: number;
    data: Record<string, unknown> | null;
  };
  record: { before: Record<string, unknown> | null; after: Record<string, unknown> | null; changed: string[] };
  /** ISO 8601 time the body was built. */
  sentAt: string;
}

/** The run of the context, when the trigger runner gives one (an id stable across retries; null in a Test). */
function runIdOf(ctx: ActionContext): string | null {
  return (ctx as ActionContext & { run?: { id: string | null } }).run?.id ?? null;
}

/**
 * The delivery id: for a run, derived from the run, the trigger and the request's target (the same
 * on every retry, different for two webhook steps of a run to different URLs); otherwise random.
 */
function deliveryIdOf(ctx: ActionContext, config: WebhookConfig): string {
  const runId = runIdOf(ctx);
  if (!runId) return randomUUID();
  const h = createHash('sha256')
    .update(`${runId}\n${ctx.trigger.id}\n${config.method} ${config.url}\n${config.bodyTemplate ?? ''}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The event as the default body. */
export function webhookPayload(ctx: ActionContext, id: string, now: Date = new Date()): WebhookPayload {
  const e = ctx.event;
  return {
    id,
    trigger: { id: ctx.trigger.id, name: ctx.trigger.name },
    event: {
      kind: e.kind,
      application: e.application ?? null,
      subject: e.subject ?? null,
      recordId: e.recordId ?? null,
      actorId: e.actorId ?? null,
      depth: e.depth,
      data: e.data ?? null,
    },
    record: { before: e.before ?? null, after: e.after ?? null, changed: e.changed ?? [] },
    sentAt: now.toISOString(),
  };
}

export const webhookAction = registerActionType<WebhookConfig>({
  type: 'webhook',
  external: true,
  config: webhookConfigSchema,
  async run(ctx, config) {
    const deliveryId = deliveryIdOf(ctx, config);
    const body = config.bodyTemplate
      ? renderTemplate(
          config.bodyTemplate,
          { event: ctx.event, trigger: ctx.trigger, extra: { 'delivery.id': deliveryId } },
          'json',
        )
      : JSON.stringify(webhookPayload(ctx, deliveryId));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Assay-Webhook/1',
      ...Object.fromEntries(Object.entries(config.headers).map(([k, v]) => [k.toLowerCase(), v])),
      'x-assay-delivery': deliveryId,
      'x-assay-event': ctx.event.kind,
    };
    const secret = config.secretVariable ? await ctx.variable(config.secretVariable) : undefined;
    if (config.secretVariable && !secret)
      await ctx.log('warn', `webhook: variable ${config.secretVariable} has no value; sending unsigned`);

    if (ctx.dryRun) {
      let urlCheck = 'ok';
      try {
        checkOutboundUrl(config.url, await outboundAllowList(ctx.tx));
      } catch (err) {
        urlCheck = err instanceof OutboundRefusedError ? `refused (${err.reason})` : String(err);
      }
      const shown = secret
        ? { ...headers, [SIGNATURE_HEADER.toLowerCase()]: `t=<time>,v1=<HMAC-SHA256 with variable ${config.secretVariable}>` }
        : headers;
      return {
        dryRun: true,
        request: { method: config.method, url: config.url, headers: shown, body },
        urlCheck,
        timeoutMs: config.timeoutMs,
      };
    }

    if (secret) headers[SIGNATURE_HEADER.toLowerCase()] = signWebhook(body, secret);
    const res = await outboundFetch(ctx.tx, {
      url: config.url,
      method: config.method,
      headers,
      body,
      timeoutMs: config.timeoutMs,
      maxBytes: RESPONSE_READ_BYTES,
      onTooLarge: 'truncate',
    });
    const excerpt = res.body.toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS);
    if (res.status < 200 || res.status > 299)
      throw new Error(`webhook: HTTP ${res.status} from ${res.url}${excerpt ? `: ${excerpt.slice(0, 200)}` : ''}`);
    await ctx.log('info', `webhook: ${config.method} ${res.url} → ${res.status} in ${res.durationMs} ms`, { deliveryId });
    return { status: res.status, durationMs: res.durationMs, deliveryId, url: res.url, response: excerpt };
  },
});
