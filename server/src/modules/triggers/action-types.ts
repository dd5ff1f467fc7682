/**
 * The action type registry (docs/triggers.md "Action types"): what each kind of action does when a
 * trigger runs it. A module registers a type with `registerActionType(type)` when its file loads;
 * triggers and the action library (`/admin/action`) store a type name and a configuration that the
 * type's `config` schema checks on every write. Built-in types: `notify`, `webhook`,
 * `update_record`, `create_record`; later modules add theirs (run a rule set, render a report,
 * run a spider, call an MCP tool) the same way. Process-wide, like the task kinds.
 */
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { AuditWriter } from '../../core/audit.writer';

/** What happened, as a trigger sees it: a record event, a schedule tick, an import, or a manual run. */
export interface TriggerEvent {
  /** `record.created` | `record.updated` | `record.deleted` | `schedule` | `import.finished` | `manual` | `incident.opened`. */
  kind: string;
  /** The application (slug) and subject (key) of a record event, an import or a manual run. */
  application?: string;
  subject?: string;
  /** The record concerned (record events, manual runs from a record page or a grid selection). */
  recordId?: string;
  /** Field values before and after the change (null before a create, after a delete). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Keys of the fields whose value changed (record.updated). */
  changed?: string[];
  /** Who made the change or started the run: an account id, or null for the system. */
  actorId?: string | null;
  /**
   * How many trigger-run writes led here: 0 for a user's change; a record written by an action of
   * a run at depth d fires events at depth d + 1 (the loop guard stops beyond TRIGGER_MAX_DEPTH).
   */
  depth: number;
  /** Anything else the source adds (import batch id and counts, the schedule's fire time…). */
  data?: Record<string, unknown>;
}

/** What an action gets when it runs. */
export interface ActionContext {
  /** The database, not in a transaction. */
  db: Database;
  /**
   * The transaction an action that writes records must write in: the run's own, so that a
   * "Test" run rolls every write back, and so that the writes carry the run's depth.
   */
  tx: Executor;
  /** The trigger being run, and its owner (on whose behalf action writes are audited). */
  trigger: { id: string; name: string; ownerId: string | null };
  /** The event that fired the trigger. */
  event: TriggerEvent;
  /**
   * True for "Test": nothing leaves the server (no e-mail, no webhook request) and the run's
   * writes are rolled back; the action returns what it would have done.
   */
  dryRun: boolean;
  /** One line of the run's log. */
  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, data?: unknown): Promise<void>;
  /** The value of a variable visible to the trigger's application (secrets decrypted), or undefined. */
  variable(name: string): Promise<string | undefined>;
  /**
   * The audit writer of the run: actor = the trigger's owner, labelled "trigger <name> for <owner>"
   * (docs/triggers.md "Audit"). An action that writes audits each write with it, in `tx`. Set by the
   * trigger runner (optional only so that older callers building a context by hand still compile).
   */
  audit?: AuditWriter;
  /** The run: its id (null in a Test) and the depth of the event it runs for. */
  run?: { id: string | null; depth: number };
}

/** One action type. `C` is its configuration, as its `config` schema parses it. */
export interface ActionType<C = unknown> {
  /** Lower-case name (`webhook`), stored with each configured action. */
  type: string;
  /** The configuration's schema: 400 naming `config.<field>` on a bad one. */
  config: z.ZodType<C>;
  /**
   * Does the work. Resolves with its output (JSON, logged with the run: what was sent, the
   * response status, the record written…); throws to fail the action (the run then retries per the
   * trigger's retry policy, or dead-letters). `external: true` types are skipped in a dry run
   * except for building what they would send.
   */
  run(ctx: ActionContext, config: C): Promise<unknown>;
  /** Reaches outside the server (e-mail, HTTP): retried with backoff; in a dry run it only shows what it would send. */
  external?: boolean;
}

const types = new Map<string, ActionType<unknown>>();

/**
 * Registers (or replaces) an action type.
 * @throws Error when `type` is not lower-case words joined by `_`.
 */
export function registerActionType<C>(entry: ActionType<C>): ActionType<C> {
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(entry.type) || entry.type.length > 60)
    throw new Error(`action type ${JSON.stringify(entry.type)}: not a valid name`);
  types.set(entry.type, entry as ActionType<unknown>);
  return entry;
}

/** The type registered under `type`, or undefined. */
export function getActionType(type: string): ActionType<unknown> | undefined {
  return types.get(type);
}

/** Every registered type, by name. */
export function listActionTypes(): ActionType<unknown>[] {
  return [...types.values()].sort((a, b) => a.type.localeCompare(b.type));
}
