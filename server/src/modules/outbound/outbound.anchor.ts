/**
 * The task kind `audit.anchor-webhook` (docs/outbound.md "Audit anchor webhook"): once a day, posts
 * the head of the audit chain (its sequence number and hash: core/audit.chain.ts) to the URL of the
 * system setting `auditAnchorWebhookUrl`, through the private-address guard, signed with the global
 * secret variable `auditAnchorSecretVariable` (lib/webhook-signature.ts). A copy of the head held
 * by another system shows later whether the chain up to it was rewritten (audit verification
 * compares the entry at that `seq` with the `hash`), as the anchor file does on this machine.
 *
 * - No URL set: the task ends at once with `{ skipped: 'no URL' }`.
 * - A status outside 2xx, a refusal, a time-out or a network error fails the attempt; the task
 *   engine retries it (3 times, 5 minutes apart and doubling).
 * - Loaded by app.ts; administrators may also start it from /admin/task.
 */
import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, signWebhook } from '../../lib/webhook-signature';
import { readHead } from '../audit/audit.service';
import { getSettings } from '../settings/settings.service';
import { registerTaskKind } from '../tasks/tasks.registry';
import { readVariable } from '../variables/variables.service';
import { outboundFetch } from './outbound.service';

/** The task kind's name. */
export const ANCHOR_WEBHOOK_KIND = 'audit.anchor-webhook';
/** When it runs: daily at 02:23 (server time, pg-boss cron). */
export const ANCHOR_WEBHOOK_CRON = '23 2 * * *';

/** What is posted. */
export interface AnchorWebhookBody {
  kind: 'audit.anchor';
  /** The delivery id (also X-Assay-Delivery). */
  id: string;
  /** The chain head: the last entry's sequence number and hash (64 hex; GENESIS_HASH before any entry). */
  seq: number;
  hash: string;
  /** When the head was read (ISO 8601). */
  at: string;
  /** The site name of the system settings, naming the installation. */
  site: string;
}

export const anchorWebhookKind = registerTaskKind(
  ANCHOR_WEBHOOK_KIND,
  async ({ db, log }) => {
    const settings = await getSettings(db);
    if (!settings.auditAnchorWebhookUrl) return { skipped: 'no URL' };
    const head = await readHead(db);
    const id = randomUUID();
    const payload: AnchorWebhookBody = {
      kind: 'audit.anchor',
      id,
      seq: head.seq,
      hash: head.hash,
      at: new Date().toISOString(),
      site: settings.siteName,
    };
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Assay-Webhook/1',
      'x-assay-delivery': id,
      'x-assay-event': 'audit.anchor',
    };
    if (settings.auditAnchorSecretVariable) {
      const secret = await readVariable(db, settings.auditAnchorSecretVariable, null);
      if (!secret?.value) throw new Error(`no global variable ${settings.auditAnchorSecretVariable} (auditAnchorSecretVariable)`);
      headers[SIGNATURE_HEADER.toLowerCase()] = signWebhook(body, secret.value);
    }
    const res = await outboundFetch(db, {
      url: settings.auditAnchorWebhookUrl,
      method: 'POST',
      headers,
      body,
      maxBytes: 4_096,
      onTooLarge: 'truncate',
    });
    if (res.status < 200 || res.status > 299) throw new Error(`anchor webhook: HTTP ${res.status} from ${res.url}`);
    await log('info', `audit head ${head.seq} posted to ${res.url}: ${res.status} in ${res.durationMs} ms`, {
      seq: head.seq,
      hash: head.hash,
    });
    return {
      status: res.status,
      seq: head.seq,
      hash: head.hash,
      durationMs: res.durationMs,
      signed: Boolean(settings.auditAnchorSecretVariable),
    };
  },
  {
    cron: ANCHOR_WEBHOOK_CRON,
    manual: true,
    singletonKey: ANCHOR_WEBHOOK_KIND,
    retryLimit: 3,
    retryDelaySeconds: 300,
    timeoutSeconds: 120,
  },
);
