/**
 * Deploy packages (contracts/deploy.ts, docs/deploy.md): an application's model exported as one
 * signed file, imported, diffed, dry-run, applied in one transaction and rolled back in one step.
 * The module's plain constants and its audit actions (its server messages:
 * contracts/deploy.messages.ts). No zod: the web imports them at run time, through
 * contracts/constants.ts, which gathers `DEPLOY_MODULE` (listed in contracts/modules.ts) into
 * AUDIT_ACTIONS (docs/architecture.md "Contracts").
 */
import type { ModuleEntry } from './constants';

/**
 * The package format this installation writes and the newest it reads. A package of a newer
 * format is refused at upload (422 `errors.deploy.newerFormat`).
 */
export const DEPLOY_FORMAT_VERSION = 1;

/** The name of the JSON document inside the package's zip. */
export const DEPLOY_PACKAGE_ENTRY = 'package.json';
/** The name of the detached signature inside the zip (base64 Ed25519 over the canonical bytes). */
export const DEPLOY_SIGNATURE_ENTRY = 'signature.json';

/** Largest package file accepted at upload, bytes (20 MiB; a model is usually a few hundred KiB). */
export const DEPLOY_MAX_PACKAGE_BYTES = 20 * 1024 * 1024;
/** Largest total of the zip's entries once unzipped, bytes (100 MiB: a zip bomb stops there). */
export const DEPLOY_MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/**
 * The kinds of objects a package carries, in the order they are applied (a field after its subject,
 * a form after its fields, a rule set after its rules, a trigger after its actions). Each object is
 * named by a stable key (DEPLOY_KEY_OF in docs/deploy.md): subject `key`; field
 * `subjectKey.fieldKey`; view, form, rule `subjectKey/name`; rule set, action, trigger, template,
 * tag `name`; category its path of names `Parent/Child`; variable `key`.
 */
export const DEPLOY_KINDS = [
  'category',
  'tag',
  'variable',
  'subject',
  'field',
  'view',
  'form',
  'rule',
  'ruleSet',
  'action',
  'trigger',
  'template',
] as const;
export type DeployKind = (typeof DEPLOY_KINDS)[number];

/**
 * Kinds shared by the whole installation (not one application's): a package adds and changes them
 * but never removes them (another application may use them).
 */
export const DEPLOY_GLOBAL_KINDS: readonly DeployKind[] = ['category', 'tag'];

/** What the diff says of one object. */
export const DEPLOY_CHANGE_TYPES = ['added', 'changed', 'removed'] as const;
export type DeployChangeType = (typeof DEPLOY_CHANGE_TYPES)[number];

/**
 * How a package's signature is classified at upload:
 * - `trusted`: signed by this installation's key or by a key in its trusted signers;
 * - `unknown_signer`: a valid signature by a key not trusted here;
 * - `unsigned`: no signature.
 * (A signature that does not verify is refused at upload: 422 `errors.deploy.badSignature`.)
 */
export const DEPLOY_SIGNATURE_STATES = ['trusted', 'unknown_signer', 'unsigned'] as const;
export type DeploySignatureState = (typeof DEPLOY_SIGNATURE_STATES)[number];

/**
 * A stored package's life: `uploaded` (or exported here) → `applied` → `rolled_back`. A package may
 * be applied again after a rollback.
 */
export const DEPLOY_PACKAGE_STATES = ['uploaded', 'applied', 'rolled_back'] as const;
export type DeployPackageState = (typeof DEPLOY_PACKAGE_STATES)[number];

/** The trust step of an unknown or unsigned package: trust its signer's key, or accept this one package. */
export const DEPLOY_TRUST_MODES = ['signer', 'package'] as const;
export type DeployTrustMode = (typeof DEPLOY_TRUST_MODES)[number];

/** A deployment (one apply of a package onto an application): applied, then possibly rolled back. */
export const DEPLOY_DEPLOYMENT_STATES = ['applied', 'rolled_back'] as const;
export type DeployDeploymentState = (typeof DEPLOY_DEPLOYMENT_STATES)[number];

/**
 * Most objects one package may carry (all kinds together). One apply is one transaction, statement
 * by statement on PGlite; 2,000 objects apply in well under a minute (docs/deploy.md "Size").
 */
export const DEPLOY_MAX_OBJECTS = 2000;

/** Audit actions written by the module: `deploy.<verb>`. */
export const DEPLOY_MODULE = {
  auditActions: [
    'deploy.export',
    'deploy.upload',
    'deploy.trust',
    'deploy.dry_run',
    'deploy.apply',
    'deploy.rollback',
    'deploy.delete',
    'deploy.signer_remove',
  ],
} as const satisfies ModuleEntry;
