/**
 * Constants of the audit engagement flow (server/src/modules/engagements/audit-flow.routes.ts,
 * docs/engagements-flow.md): the finding actions a user takes, the sample generators' names, and
 * the flow's own audit actions (`AUDIT_FLOW_MODULE`, listed in contracts/modules.ts). Plain data,
 * no zod: the web imports it at run time.
 */
import type { ModuleEntry } from './constants';

/**
 * Finding actions a user takes: open → remediation (start_remediation) → retest (request_retest).
 * A finding closes only through a passing re-test (the re-test procedure concluded `effective`).
 */
export const FINDING_ACTIONS = ['start_remediation', 'request_retest'] as const;
export type FindingAction = (typeof FINDING_ACTIONS)[number];

/**
 * The generators a sample records (`name/version`, audit_samples.generator). Both seeded ones use
 * xoshiro128** seeded with the SHA-256 of the seed text (sampling.ts); a new version of an
 * algorithm gets a new name so stored samples keep redrawing with the old one.
 */
export const SAMPLE_GENERATORS = {
  random: 'xoshiro128**-fisher-yates/1',
  systematic: 'xoshiro128**-systematic/1',
  judgmental: 'judgmental/1',
} as const;

/** Audit actions of the flow beyond ENGAGEMENTS_MODULE's: starting a procedure (open → in progress). */
export const AUDIT_FLOW_MODULE = {
  auditActions: ['procedure.start'],
} as const satisfies ModuleEntry;
