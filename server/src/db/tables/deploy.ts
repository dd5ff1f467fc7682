/**
 * The deploy module's tables (server/src/modules/deploy, docs/deploy.md):
 *  - `deploy_keys`: this installation's Ed25519 signing key pairs (the private key encrypted as
 *    variables' secrets are, modules/variables/variables.crypto.ts); the newest live row signs;
 *  - `deploy_signers`: the public keys trusted to sign packages applied here;
 *  - `deploy_packages`: every uploaded package, kept with its bytes and its parsed document;
 *  - `deploy_deployments`: one apply of a package onto an application, with the model snapshot
 *    taken just before it (what a rollback returns to).
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { applications } from './users-and-applications';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A signing key pair of this installation. `private_key` is encrypted (iv.tag.ciphertext). */
export const deployKeys = pgTable('deploy_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** SPKI PEM. */
  publicKey: text('public_key').notNull(),
  /** PKCS#8 PEM, encrypted with the installation's secret key (aad: the row id). */
  privateKey: text('private_key').notNull(),
  /** SHA-256 (hex) of the public key's DER bytes. */
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
  /** Set when a newer key replaced it (its private key no longer decrypts); it is still trusted. */
  retiredAt: at('retired_at'),
});

/** A public key whose packages are trusted here. */
export const deploySigners = pgTable(
  'deploy_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fingerprint: text('fingerprint').notNull(),
    publicKey: text('public_key').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    createdByLabel: text('created_by_label'),
  },
  (t) => [uniqueIndex('deploy_signers_fingerprint_key').on(t.fingerprint)],
);

/** An uploaded package: its bytes, its parsed document and what its signature said. */
export const deployPackages = pgTable(
  'deploy_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    formatVersion: integer('format_version').notNull(),
    applicationSlug: text('application_slug').notNull(),
    applicationName: text('application_name').notNull(),
    exportedAt: text('exported_at').notNull(),
    exportedBy: text('exported_by'),
    /** null: unsigned. */
    signerFingerprint: text('signer_fingerprint'),
    signerPublicKey: text('signer_public_key'),
    /** Set by the trust step `package` (this package accepted, whoever signed it). */
    acceptedAt: at('accepted_at'),
    acceptedBy: uuid('accepted_by'),
    /** uploaded | applied | rolled_back (DEPLOY_PACKAGE_STATES). */
    state: text('state').notNull().default('uploaded'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** The DeployDocument (contracts/deploy.ts), as parsed and checked at upload. */
    document: jsonb('document').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
    createdByLabel: text('created_by_label'),
  },
  (t) => [
    index('deploy_packages_created_idx').on(t.createdAt),
    check('deploy_packages_state_check', sql`${t.state} in ('uploaded', 'applied', 'rolled_back')`),
  ],
);

/** One apply of a package onto an application, and the model as it was just before. */
export const deployDeployments = pgTable(
  'deploy_deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => deployPackages.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** applied | rolled_back. */
    state: text('state').notNull().default('applied'),
    createdApplication: boolean('created_application').notNull(),
    /** The application's model (a DeployModel) just before the apply. */
    snapshot: jsonb('snapshot').notNull(),
    /** The changes applied (DeployChange[]). */
    changes: jsonb('changes').notNull(),
    added: integer('added').notNull(),
    changed: integer('changed').notNull(),
    removed: integer('removed').notNull(),
    appliedAt: at('applied_at').notNull().defaultNow(),
    appliedBy: uuid('applied_by'),
    appliedByLabel: text('applied_by_label'),
    rolledBackAt: at('rolled_back_at'),
    rolledBackByLabel: text('rolled_back_by_label'),
  },
  (t) => [
    index('deploy_deployments_application_idx').on(t.applicationId, t.appliedAt),
    index('deploy_deployments_package_idx').on(t.packageId),
    check('deploy_deployments_state_check', sql`${t.state} in ('applied', 'rolled_back')`),
  ],
);

export type DeployPackageRow = typeof deployPackages.$inferSelect;
export type DeployDeploymentRow = typeof deployDeployments.$inferSelect;
