/**
 * The audit log (docs/product.md "Audit log", "Conventions of the API"): one entry per mutation, chained
 * by SHA-256 (each entry's `hash` covers its own canonical content and `prevHash`, the previous
 * entry's hash). Read by administrators only.
 */
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS } from './constants';
import { pageQuerySchema } from './envelope';

export { AUDIT_ACTIONS, AUDIT_EXPORT_FORMATS, AUDIT_EXPORT_MAX_ROWS } from './constants';
export type { AuditAction, AuditExportFormat } from './constants';

/** One entry as GET /api/v1/audit answers it. `seq` is gap-free from 1; `at` is ISO 8601 (ms). */
export const auditEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  at: z.string(),
  /** The user who acted; null for the shell (`npm run admin`), first-run setup and anonymous attempts. */
  actorId: z.string().nullable(),
  /** Who acted, as text: the user's e-mail, `shell`, `setup`, or the e-mail tried by a failed login. */
  actorLabel: z.string(),
  ip: z.string().nullable(),
  /** The client's User-Agent header (at most 512 characters); null for the shell, the scheduler and entries written before the client was recorded. */
  userAgent: z.string().nullable(),
  /** `<resource>.<verb>`, e.g. `application.create`, `auth.login_failed` (contracts AUDIT_ACTIONS). */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The object before and after the change (secrets such as password hashes are never stored). */
  before: z.unknown(),
  after: z.unknown(),
  /** Counts, batch id, reasons… */
  details: z.unknown(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The filters of the audit log, shared by the list and the export (filters by user, action,
 * target, time range"): `actorId` exact; `actor` a case-insensitive substring of the actor label
 * (e-mail, `shell`, `system`…); `action` exact or a prefix (`auth` matches every `auth.*`);
 * `targetType` and `targetId` exact; `from`/`to` ISO 8601 date-times with an offset, `from`
 * inclusive, `to` exclusive. Every filter given must match (AND).
 */
export const auditFilterSchema = z.object({
  actorId: z.uuid().optional(),
  actor: z.string().trim().max(254).optional(),
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_.]+$/)
    .optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/**
 * GET /api/v1/audit: newest first (seq descending), the filters of auditFilterSchema; `cursor` =
 * list entries with `seq` below it (keyset paging for long scrolls; `current` is then ignored).
 */
export const auditQuerySchema = pageQuerySchema.extend({
  ...auditFilterSchema.shape,
  cursor: z.coerce.number().int().min(1).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Why an entry breaks the chain. */
export const AUDIT_BREAK_REASONS = ['hash', 'link', 'sequence', 'head', 'signature', 'anchor', 'truncated', 'anchor_tampered'] as const;
export type AuditBreakReason = (typeof AUDIT_BREAK_REASONS)[number];

/**
 * GET /api/v1/audit/verify: `{ intact: true, entries: N }`, or `intact: false` with the first
 * broken entry: `hash` (its content no longer matches its hash), `link` (its prevHash is not the
 * previous entry's hash), `sequence` (an entry is missing), `head` (the chain head does not match
 * the last entry: entries removed at the end), `signature` (a signed head no longer matches),
 * `anchor` (an anchor of the anchor file — the head at some time, kept outside the database — has
 * another hash than the entry at its seq today: the chain was rewritten at or before it, after
 * `intactUpTo`), `truncated` (an anchor lies beyond the last entry: `seq` is the first entry gone),
 * `anchor_tampered` (a line of the anchor file does not parse or fails its signature: `line`; `seq`
 * is its seq, 0 when unreadable). `id` is null when the entry itself is missing. `signedHeads`
 * counts the signatures checked; `anchors` says what the anchor file held (absent when the server
 * keeps none).
 */
export const auditVerifySchema = z.object({
  intact: z.boolean(),
  entries: z.number().int(),
  signedHeads: z.number().int(),
  firstBroken: z
    .object({
      id: z.string().nullable(),
      seq: z.number().int(),
      reason: z.enum(AUDIT_BREAK_REASONS),
      /** Anchor reasons: the seq of the last anchor that still matched (0: none); the change lies after it. */
      intactUpTo: z.number().int().optional(),
      /** Anchor reasons: the line of the anchor file (1-based). */
      line: z.number().int().optional(),
    })
    .optional(),
  anchors: z
    .object({
      /** Where the anchors are kept (DATA_DIR/audit-anchors.jsonl of the process that answered). */
      file: z.string(),
      /** Anchors compared with the chain (lines of the file). */
      checked: z.number().int(),
      /** Anchors whose Ed25519 signature was checked with `publicKey`. */
      signaturesChecked: z.number().int(),
      /** The public key (SPKI PEM) that checks the signatures of new anchors; null when anchors are unsigned (no key). */
      publicKey: z.string().nullable(),
      keyId: z.string().nullable(),
    })
    .optional(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

/**
 * GET /api/v1/audit/export?format=csv|xlsx&<auditFilterSchema>: the filtered set, newest first, at
 * most AUDIT_EXPORT_MAX_ROWS entries, as a file download.
 */
export const auditExportQuerySchema = auditFilterSchema.extend({
  format: z.enum(AUDIT_EXPORT_FORMATS),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;
