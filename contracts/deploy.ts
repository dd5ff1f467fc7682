/**
 * Deploy packages (docs/deploy.md): the schemas and types of every /api/v1/deploy request and
 * answer, and of the package document itself. An application's model (subjects and fields, views,
 * forms, rules and rule sets, actions and triggers, report templates, categories, tags, variables)
 * travels as one zip holding `package.json` (DeployDocument) and `signature.json`
 * (DeploySignature). Objects are named by stable keys, never database ids
 * (contracts/deploy.constants.ts DEPLOY_KINDS), so another installation can match them.
 */
import { z } from 'zod';
import {
  DEPLOY_CHANGE_TYPES,
  DEPLOY_DEPLOYMENT_STATES,

  DEPLOY_KINDS,
  DEPLOY_PACKAGE_STATES,
  DEPLOY_SIGNATURE_STATES,
  DEPLOY_TRUST_MODES,
} from './deploy.constants';
import { slugSchema } from './applications';
import { pageQuerySchema } from './envelope';

export * from './deploy.constants';

const json = z.unknown();
const jsonObject = z.record(z.string(), z.unknown());
/** A user an object refers to (an owner), by e-mail: matched to a target user at apply (userMap). */
const userRef = z.string().nullable();

/** A field of a subject (its `key` is unique in the subject). Relation targets are subject keys. */
export const deployFieldSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.string(),
  position: z.number().int(),
  required: z.boolean(),
  unique: z.boolean(),
  defaultValue: json.optional(),
  options: jsonObject,
  validation: jsonObject,
  helpText: z.string().nullable(),
});
export type DeployField = z.infer<typeof deployFieldSchema>;

/** A subject and its fields; `displayField` is a field key or null. */
export const deploySubjectSchema = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  displayField: z.string().nullable(),
  fields: z.array(deployFieldSchema),
});
export type DeploySubject = z.infer<typeof deploySubjectSchema>;

/** A saved view of a subject (named `subject/name`). */
export const deployViewSchema = z.object({ subject: z.string(), name: z.string(), type: z.string(), config: jsonObject });
export type DeployView = z.infer<typeof deployViewSchema>;

/** A designed form of a subject (named `subject/name`). */
export const deployFormSchema = z.object({
  subject: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  layout: jsonObject,
});
export type DeployForm = z.infer<typeof deployFormSchema>;

/** A rule of a subject (named `subject/name`); its definition names fields by key. */
export const deployRuleSchema = z.object({
  subject: z.string(),
  name: z.string(),
  definition: jsonObject,
  severity: z.string(),
  messageZh: z.string(),
  messageEn: z.string(),
  enabled: z.boolean(),
  tags: z.array(z.string()),
  owner: userRef,
});
export type DeployRule = z.infer<typeof deployRuleSchema>;

/** A rule set (its draft): rules by `subject/name`, subjects by key. */
export const deployRuleSetSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  rules: z.array(z.string()),
  subjects: z.array(z.string()),
  wholeApplication: z.boolean(),
  owner: userRef,
});
export type DeployRuleSet = z.infer<typeof deployRuleSetSchema>;

/** An action of the library: the application's own, or a global one its triggers use (`global`). */
export const deployActionSchema = z.object({ name: z.string(), type: z.string(), config: jsonObject, global: z.boolean() });
export type DeployAction = z.infer<typeof deployActionSchema>;

/** One step of a trigger: a library action by name, or an inline type and configuration. */
export const deployTriggerStepSchema = z.object({
  action: z.string().nullable(),
  type: z.string().nullable(),
  config: json.optional(),
  condition: json.optional(),
});

/** A trigger; `subject` is a subject key or null. */
export const deployTriggerSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  event: z.string(),
  subject: z.string().nullable(),
  condition: json.optional(),
  changedFields: z.array(z.string()),
  cron: z.string().nullable(),
  timezone: z.string().nullable(),
  steps: z.array(deployTriggerStepSchema),
  retryLimit: z.number().int(),
  retryDelaySeconds: z.number().int(),
  owner: userRef,
});
export type DeployTrigger = z.infer<typeof deployTriggerSchema>;

/** A report template (its Liquid body, partials and page settings; a Word template is not carried). */
export const deployTemplateSchema = z.object({
  name: z.string(),
  description: z.string(),
  subject: z.string().nullable(),
  binding: jsonObject,
  body: z.string(),
  partials: z.record(z.string(), z.string()),
  page: jsonObject,
});
export type DeployTemplate = z.infer<typeof deployTemplateSchema>;

/** A category, named by its path of names from the root (`Parent/Child`). */
export const deployCategorySchema = z.object({
  path: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
});
export type DeployCategory = z.infer<typeof deployCategorySchema>;

export const deployTagSchema = z.object({ name: z.string(), color: z.string() });
export type DeployTag = z.infer<typeof deployTagSchema>;

/** A variable of the application: a secret's `value` is always null (secret values never leave). */
export const deployVariableSchema = z.object({
  key: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  value: z.string().nullable(),
});
export type DeployVariable = z.infer<typeof deployVariableSchema>;

/** The model a package carries, one list per kind. */
export const deployModelSchema = z.object({
  categories: z.array(deployCategorySchema),
  tags: z.array(deployTagSchema),
  variables: z.array(deployVariableSchema),
  subjects: z.array(deploySubjectSchema),
  views: z.array(deployViewSchema),
  forms: z.array(deployFormSchema),
  rules: z.array(deployRuleSchema),
  ruleSets: z.array(deployRuleSetSchema),
  actions: z.array(deployActionSchema),
  triggers: z.array(deployTriggerSchema),
  templates: z.array(deployTemplateSchema),
});
export type DeployModel = z.infer<typeof deployModelSchema>;

/** What the package says of itself. `exportedAt` ISO 8601; `signer` the exporting installation's key fingerprint. */
export const deployManifestSchema = z.object({
  formatVersion: z.number().int().min(1),
  /** The application's slug (the target is matched by it), name and description. */
  application: z.object({ slug: slugSchema, name: z.string().min(1).max(100), description: z.string().nullable() }),
  exportedAt: z.string(),
  exportedBy: z.string().nullable(),
  /** The users the model refers to (owners), by e-mail, with their names. */
  users: z.array(z.object({ email: z.string(), name: z.string().nullable() })),
  counts: z.record(z.string(), z.number().int()),
});
export type DeployManifest = z.infer<typeof deployManifestSchema>;

/** `package.json` of the zip. The signature covers its canonical bytes (keys sorted, no spaces). */
export const deployDocumentSchema = z.object({ manifest: deployManifestSchema, model: deployModelSchema });
export type DeployDocument = z.infer<typeof deployDocumentSchema>;

/** `signature.json` of the zip: Ed25519 over the canonical bytes of `package.json`'s document. */
export const deploySignatureSchema = z.object({
  algorithm: z.literal('ed25519'),
  /** The signer's public key, SPKI PEM. */
  publicKey: z.string(),
  /** SHA-256 (hex) of the public key's DER bytes. */
  fingerprint: z.string(),
  /** base64. */
  signature: z.string(),
});
export type DeploySignature = z.infer<typeof deploySignatureSchema>;

/** GET /api/v1/deploy/key: this installation's signing key (made at first use). */
export const deployInstallationKeySchema = z.object({
  publicKey: z.string(),
  fingerprint: z.string(),
  createdAt: z.string(),
});
export type DeployInstallationKey = z.infer<typeof deployInstallationKeySchema>;

/** A trusted signer (GET /api/v1/deploy/signers). */
export const deploySignerSchema = z.object({
  id: z.string(),
  fingerprint: z.string(),
  publicKey: z.string(),
  /** A label: the application and installation it was first trusted for. */
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DeploySigner = z.infer<typeof deploySignerSchema>;

/** A stored package (list item and detail). `accepted`: trusted, or accepted by the trust step. */
export const deployPackageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  formatVersion: z.number().int(),
  application: z.object({ slug: z.string(), name: z.string() }),
  exportedAt: z.string(),
  exportedBy: z.string().nullable(),
  signature: z.enum(DEPLOY_SIGNATURE_STATES),
  signerFingerprint: z.string().nullable(),
  /** True when it may be applied: signature trusted, or the trust step done. */
  accepted: z.boolean(),
  state: z.enum(DEPLOY_PACKAGE_STATES),
  counts: z.record(z.string(), z.number().int()),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DeployPackage = z.infer<typeof deployPackageSchema>;

/** GET /api/v1/deploy/packages?current&pageSize&application — newest first. */
export const deployPackageListQuerySchema = pageQuerySchema.extend({ application: z.string().max(200).optional() });
export type DeployPackageListQuery = z.infer<typeof deployPackageListQuerySchema>;

export const deployIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/v1/deploy/export: the application (slug) whose model to export → the zip (application/zip). */
export const deployExportSchema = z.object({ application: z.string().min(1).max(200) }).strict();
export type DeployExport = z.infer<typeof deployExportSchema>;

/** POST /api/v1/deploy/packages/:id/trust: trust the signer's key (`signer`), or accept this package only (`package`). */
export const deployTrustSchema = z.object({ mode: z.enum(DEPLOY_TRUST_MODES) }).strict();
export type DeployTrust = z.infer<typeof deployTrustSchema>;

/**
 * The remappings of a dry run or an apply: package variable key → target variable key (the target's
 * variable is used and the package's not created); package user e-mail → target user e-mail
 * (unmapped users are matched by the same e-mail, else the applying administrator owns the object).
 */
export const deployApplySchema = z
  .object({
    variableMap: z.record(z.string(), z.string()).default({}),
    userMap: z.record(z.string(), z.string()).default({}),
  })
  .strict();
export type DeployApply = z.input<typeof deployApplySchema>;

/** A field type change in the diff: how many records convert and how many would be refused. */
export const deployTypeChangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether FIELD_TYPE_CHANGES allows the change at all. */
  allowed: z.boolean(),
  /** Records (live and recycled) holding a value. */
  records: z.number().int(),
  /** Of those, records whose value converts. */
  converted: z.number().int(),
  /** Of those, records whose value would not convert (the apply is then refused). */
  refused: z.number().int(),
});
export type DeployTypeChange = z.infer<typeof deployTypeChangeSchema>;

/** One object of the diff. `properties`: the properties that differ (for `changed`). */
export const deployChangeSchema = z.object({
  kind: z.enum(DEPLOY_KINDS),
  key: z.string(),
  change: z.enum(DEPLOY_CHANGE_TYPES),
  properties: z.array(z.string()),
  typeChange: deployTypeChangeSchema.optional(),
  /** For a removed subject or field: the records it holds (they go to the recycle bin with it). */
  records: z.number().int().optional(),
});
export type DeployChange = z.infer<typeof deployChangeSchema>;

/** Per kind: how many objects are added, changed, removed and unchanged. */
export const deployKindSummarySchema = z.object({
  kind: z.enum(DEPLOY_KINDS),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
});

/** GET /api/v1/deploy/packages/:id/diff: what applying the package would change in the target. */
export const deployDiffSchema = z.object({
  packageId: z.string(),
  application: z.object({ slug: z.string(), name: z.string(), exists: z.boolean() }),
  kinds: z.array(deployKindSummarySchema),
  changes: z.array(deployChangeSchema),
  /** The package's variables: a target variable of the same key (global or the application's) is suggested. */
  variables: z.array(z.object({ key: z.string(), type: z.string(), secret: z.boolean(), suggested: z.string().nullable() })),
  /** The users the package refers to: the target user of the same e-mail, if any. */
  users: z.array(z.object({ email: z.string(), name: z.string().nullable(), suggested: z.string().nullable() })),
});
export type DeployDiff = z.infer<typeof deployDiffSchema>;

/** The answer to a dry run or an apply. `ms` wall time of the transaction. */
export const deployApplyResultSchema = z.object({
  dryRun: z.boolean(),
  /** The deployment it made (null for a dry run). */
  deploymentId: z.string().nullable(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  /** Records whose values a field type change converted. */
  converted: z.number().int(),
  /** Statements run in the transaction (PGlite runs them one by one). */
  statements: z.number().int(),
  ms: z.number(),
  changes: z.array(deployChangeSchema),
});
export type DeployApplyResult = z.infer<typeof deployApplyResultSchema>;

/** One apply of a package onto an application (GET /api/v1/deploy/deployments). */
export const deployDeploymentSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  application: z.object({ slug: z.string(), name: z.string() }),
  state: z.enum(DEPLOY_DEPLOYMENT_STATES),
  /** Whether the application existed before (false: the apply created it). */
  createdApplication: z.boolean(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  appliedAt: z.string(),
  appliedBy: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  rolledBackBy: z.string().nullable(),
  /** True for the application's latest applied deployment (the one a rollback may undo). */
  latest: z.boolean(),
});
export type DeployDeployment = z.infer<typeof deployDeploymentSchema>;

/** GET /api/v1/deploy/deployments?current&pageSize&application — newest first. */
export const deployDeploymentListQuerySchema = pageQuerySchema.extend({ application: z.string().max(200).optional() });
export type DeployDeploymentListQuery = z.infer<typeof deployDeploymentListQuerySchema>;

/** The answer to POST /api/v1/deploy/deployments/:id/rollback. */
export const deployRollbackResultSchema = z.object({
  deployment: deployDeploymentSchema,
  /** Subjects and fields the package had added, now in the recycle bin (with their records). */
  recycled: z.number().int(),
  /** Records whose values were restored from their history (fields whose type the package changed). */
  restoredValues: z.number().int(),
  ms: z.number(),
});
export type DeployRollbackResult = z.infer<typeof deployRollbackResultSchema>;

