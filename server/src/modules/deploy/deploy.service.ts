/**
 * Deploy packages (docs/deploy.md), the module's public face: export, upload, trust, diff, dry run,
 * apply, rollback, the installation key and the trusted signers. Every mutation writes exactly one
 * `deploy.*` audit entry; the services it calls inside an apply (subjects, fields, the recycle bin)
 * have theirs collected instead (deploy.apply.ts).
 */
import { createHash } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  DEPLOY_FORMAT_VERSION,
  DEPLOY_MAX_PACKAGE_BYTES,
  type CurrentUser,
  type DeployApply,
  type DeployApplyResult,
  type DeployDeployment,
  type DeployDeploymentListQuery,
  type DeployDiff,
  type DeployDocument,
  type DeployModel,
  type DeployPackage,
  type DeployPackageListQuery,
  type DeployRollbackResult,
  type DeploySigner,
  type DeployTrust,
  type PageQuery,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { applications, deployDeployments, deployPackages, deploySigners, users, variables, type DeployDeploymentRow, type DeployPackageRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { createApplication } from '../applications/applications.service';
import { applyModel } from './deploy.apply';
import { countTypeChanges, diffModels, summarize } from './deploy.diff';
import { isTrustedFingerprint, signDocument } from './deploy.keys';
import { countsOf, readModel } from './deploy.model';
import { readPackage, writePackage } from './deploy.package';

const EMPTY_MODEL: DeployModel = {
  categories: [],
  tags: [],
  variables: [],
  subjects: [],
  views: [],
  forms: [],
  rules: [],
  ruleSets: [],
  actions: [],
  triggers: [],
  templates: [],
};

const packageNotFound = () => notFound('errors.deploy.notFound');

/** The live application of `slug`, or undefined. */
async function liveApplication(db: Executor, slug: string) {
  const [app] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.slug, slug), isNull(applications.deletedAt)));
  return app;
}

/**
 * POST /deploy/export: the application's model as a signed package → its bytes and a file name
 * (`<slug>-<UTC timestamp>.assay-deploy.zip`); audited `deploy.export` (a read, but the model
 * leaves the installation).
 * @throws HttpError 404 errors.deploy.applicationNotFound.
 */
export async function exportPackage(db: Database, user: CurrentUser, slug: string, audit: AuditWriter): Promise<{ fileName: string; bytes: Buffer }> {
  return db.transaction(async (tx) => {
    const app = await liveApplication(tx, slug);
    if (!app) throw new HttpError(404, 'NOT_FOUND', 'errors.deploy.applicationNotFound', undefined, { params: { slug } });
    const { model, users: refs } = await readModel(tx, app.id);
    const document: DeployDocument = {
      manifest: {
        formatVersion: DEPLOY_FORMAT_VERSION,
        application: { slug: app.slug, name: app.name, description: app.description },
        exportedAt: new Date().toISOString(),
        exportedBy: user.email,
        users: refs,
        counts: countsOf(model),
      },
      model,
    };
    const signature = await signDocument(tx, document);
    const bytes = await writePackage(document, signature);
    await audit.record(tx, {
      action: 'deploy.export',
      targetType: 'application',
      targetId: app.id,
      details: { application: app.slug, counts: document.manifest.counts, bytes: bytes.length, signer: signature.fingerprint },
    });
    const stamp = document.manifest.exportedAt.replace(/[-:]/g, '').replace(/\..*$/, '');
    return { fileName: `${app.slug}-${stamp}.assay-deploy.zip`, bytes };
  });
}

async function toPackage(db: Executor, row: DeployPackageRow): Promise<DeployPackage> {
  const trusted = row.signerFingerprint ? await isTrustedFingerprint(db, row.signerFingerprint) : false;
  return {
    id: row.id,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    formatVersion: row.formatVersion,
    application: { slug: row.applicationSlug, name: row.applicationName },
    exportedAt: row.exportedAt,
    exportedBy: row.exportedBy,
    signature: trusted ? 'trusted' : row.signerFingerprint ? 'unknown_signer' : 'unsigned',
    signerFingerprint: row.signerFingerprint,
    accepted: trusted || row.acceptedAt !== null,
    state: row.state as DeployPackage['state'],
    counts: row.counts,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByLabel,
  };
}

/**
 * POST /deploy/packages: reads the one file of a multipart body, checks it (deploy.package.ts
 * readPackage) and keeps it (every package is kept); audited `deploy.upload`.
 * @throws HttpError 400 naming `file` (none, unreadable, invalid), 413, 422 newer format or broken signature.
 */
export async function uploadPackage(db: Database, user: CurrentUser, parts: AsyncIterable<Multipart>, audit: AuditWriter): Promise<DeployPackage> {
  let bytes: Buffer | undefined;
  let fileName = 'package.zip';
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (bytes) {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    bytes = await part.toBuffer();
    if (part.file.truncated)
      throw new HttpError(413, 'BAD_REQUEST', 'errors.deploy.tooLarge', [{ field: 'file', messageKey: 'errors.deploy.tooLarge' }], {
        params: { maxMb: DEPLOY_MAX_PACKAGE_BYTES / 1024 / 1024 },
      });
    fileName = (part.filename || fileName).slice(0, 200);
  }
  if (!bytes || bytes.length === 0)
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.file', [{ field: 'file', messageKey: 'errors.deploy.file' }]);
  const { document, signature } = await readPackage(bytes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deployPackages)
      .values({
        fileName,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        formatVersion: document.manifest.formatVersion,
        applicationSlug: document.manifest.application.slug,
        applicationName: document.manifest.application.name,
        exportedAt: document.manifest.exportedAt,
        exportedBy: document.manifest.exportedBy,
        signerFingerprint: signature?.fingerprint ?? null,
        signerPublicKey: signature?.publicKey ?? null,
        counts: countsOf(document.model),
        document,
        bytes,
        createdBy: user.id,
        createdByLabel: user.email,
      })
      .returning();
    const out = await toPackage(tx, row);
    await audit.record(tx, {
      action: 'deploy.upload',
      targetType: 'deploy_package',
      targetId: row.id,
      after: { fileName, application: out.application.slug, sha256: row.sha256, signature: out.signature, signer: row.signerFingerprint },
    });
    return out;
  });
}

async function requirePackage(db: Executor, id: string): Promise<DeployPackageRow> {
  const [row] = await db.select().from(deployPackages).where(eq(deployPackages.id, id));
  if (!row) throw packageNotFound();
  return row;
}

/** GET /deploy/packages: newest first; `application` narrows to a slug. */
export async function listPackages(db: Executor, q: DeployPackageListQuery): Promise<{ items: DeployPackage[]; total: number }> {
  const where = q.application ? eq(deployPackages.applicationSlug, q.application) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(deployPackages).where(where);
  const rows = await db
    .select()
    .from(deployPackages)
    .where(where)
    .orderBy(desc(deployPackages.createdAt), desc(deployPackages.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const items = [];
  for (const r of rows) items.push(await toPackage(db, r));
  return { items, total: Number(n) };
}

/** GET /deploy/packages/:id. @throws 404. */
export async function getPackage(db: Executor, id: string): Promise<DeployPackage> {
  return toPackage(db, await requirePackage(db, id));
}

/** GET /deploy/packages/:id/download: the stored bytes. @throws 404. */
export async function packageBytes(db: Executor, id: string): Promise<{ fileName: string; bytes: Buffer }> {
  const row = await requirePackage(db, id);
  return { fileName: row.fileName, bytes: row.bytes };
}

/**
 * GET /deploy/packages/:id/diff: the package's model against the target application's (matched
 * by slug; an application that does not exist yet diffs against an empty model), with the
 * type-change counts, and the variables and users to map. Read only (its transaction is rolled back).
 * @throws 404.
 */
export async function diffPackage(db: Database, id: string): Promise<DeployDiff> {
  const row = await requirePackage(db, id);
  const document = row.document as DeployDocument;
  const slug = document.manifest.application.slug;
  let out: DeployDiff | undefined;
  await db
    .transaction(async (tx) => {
      const app = await liveApplication(tx, slug);
      const current = app ? (await readModel(tx, app.id)).model : EMPTY_MODEL;
      const changes = diffModels(current, document.model);
      await countTypeChanges(tx, app?.id ?? null, changes, current, document.model);
      const varRows = await tx
        .select({ key: variables.key })
        .from(variables)
        .where(sql`${variables.deletedAt} is null and (${variables.applicationId} is null ${app ? sql`or ${variables.applicationId} = ${app.id}` : sql``})`);
      const known = new Set(varRows.map((v) => v.key));
      const emails = document.manifest.users.map((u) => u.email.toLowerCase());
      const userRows = emails.length
        ? await tx.select({ email: users.email }).from(users).where(sql`lower(${users.email}) in ${emails}`)
        : [];
      const knownUsers = new Map(userRows.map((u) => [u.email.toLowerCase(), u.email]));
      out = {
        packageId: row.id,
        application: { slug, name: app?.name ?? document.manifest.application.name, exists: !!app },
        kinds: summarize(changes, document.model),
        changes,
        variables: document.model.variables.map((v) => ({
          key: v.key,
          type: v.type,
          secret: v.type === 'secret',
          suggested: known.has(v.key) ? v.key : null,
        })),
        users: document.manifest.users.map((u) => ({ email: u.email, name: u.name, suggested: knownUsers.get(u.email.toLowerCase()) ?? null })),
      };
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  return out!;
}

const ROLLBACK = new Error('deploy: rolled back on purpose');

/**
 * POST /deploy/packages/:id/trust: `signer` adds the package's signing key to the trusted signers
 * (later packages of that key are trusted too); `package` accepts this package only. Audited
 * `deploy.trust`; a package already accepted is a no-op (no entry, `unchanged`).
 * @throws 404; 400 naming `mode` (errors.deploy.unsignedSigner) for `signer` on an unsigned package.
 */
export async function trustPackage(db: Database, user: CurrentUser, id: string, input: DeployTrust, audit: AuditWriter): Promise<DeployPackage> {
  return db.transaction(async (tx) => {
    const row = await requirePackage(tx, id);
    const before = await toPackage(tx, row);
    if (input.mode === 'signer' && !row.signerFingerprint)
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.unsignedSigner', [{ field: 'mode', messageKey: 'errors.deploy.unsignedSigner' }]);
    if (before.accepted && (input.mode === 'package' || before.signature === 'trusted')) {
      audit.unchanged();
      return before;
    }
    if (input.mode === 'signer')
      await tx
        .insert(deploySigners)
        .values({
          fingerprint: row.signerFingerprint!,
          publicKey: row.signerPublicKey!,
          label: `${row.applicationName} (${row.exportedBy ?? 'unknown'})`,
          createdBy: user.id,
          createdByLabel: user.email,
        })
        .onConflictDoNothing();
    else await tx.update(deployPackages).set({ acceptedAt: new Date(), acceptedBy: user.id }).where(eq(deployPackages.id, id));
    const after = await toPackage(tx, (await requirePackage(tx, id))!);
    await audit.record(tx, {
      action: 'deploy.trust',
      targetType: 'deploy_package',
      targetId: id,
      before: { signature: before.signature, accepted: before.accepted },
      after: { signature: after.signature, accepted: after.accepted, mode: input.mode, signer: row.signerFingerprint },
    });
    return after;
  });
}

/** The variables and users an apply maps to must exist in the target. @throws 400 naming `variableMap.<key>` / `userMap.<email>`. */
async function checkMaps(tx: Executor, appId: string | null, input: DeployApply): Promise<void> {
  for (const [from, to] of Object.entries(input.variableMap ?? {})) {
    const rows = await tx
      .select({ id: variables.id })
      .from(variables)
      .where(
        sql`${variables.key} = ${to} and ${variables.deletedAt} is null and (${variables.applicationId} is null ${appId ? sql`or ${variables.applicationId} = ${appId}` : sql``})`,
      );
    if (!rows.length)
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.variableMap', [{ field: `variableMap.${from}`, messageKey: 'errors.deploy.variableMap' }], {
        params: { key: to },
      });
  }
  for (const [from, to] of Object.entries(input.userMap ?? {})) {
    const rows = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${to})`);
    if (!rows.length)
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.userMap', [{ field: `userMap.${from}`, messageKey: 'errors.deploy.userMap' }], {
        params: { email: to },
      });
  }
}

/**
 * POST /deploy/packages/:id/apply and /dry-run: the package's model onto its application (by slug,
 * made when missing), in ONE transaction; the model as it was just before is kept with the
 * deployment (what a rollback returns to). A dry run does the same and rolls it back, then writes
 * its `deploy.dry_run` entry. Audited `deploy.apply` / `deploy.dry_run`.
 * @throws 404; 409 errors.deploy.notTrusted (not accepted yet); 400 naming a map entry; 422
 *   errors.deploy.applyFailed naming the object at fault (nothing applied).
 */
export async function applyPackage(
  db: Database,
  user: CurrentUser,
  id: string,
  input: DeployApply,
  audit: AuditWriter,
  dryRun: boolean,
): Promise<DeployApplyResult> {
  const started = performance.now();
  const maps = { variableMap: input.variableMap ?? {}, userMap: input.userMap ?? {} };
  let result: DeployApplyResult | undefined;
  await db
    .transaction(async (tx) => {
      const row = await requirePackage(tx, id);
      const pkg = await toPackage(tx, row);
      if (!pkg.accepted) throw new HttpError(409, 'CONFLICT', 'errors.deploy.notTrusted');
      const document = row.document as DeployDocument;
      const { slug, name, description } = document.manifest.application;
      let app = await liveApplication(tx, slug);
      await checkMaps(tx, app?.id ?? null, maps);
      const createdApplication = !app;
      if (!app) {
        const quiet = { ...audit, record: async () => ({}) as never, unchanged: () => undefined } as AuditWriter;
        await createApplication(tx as unknown as Database, user, { slug, name, ...(description ? { description } : {}) }, quiet);
        app = (await liveApplication(tx, slug))!;
      }
      const snapshot = (await readModel(tx, app.id)).model;
      const outcome = await applyModel({ tx, user, app, ...maps }, snapshot, document.model);
      const n = (c: string) => outcome.changes.filter((x) => x.change === c).length;
      let deploymentId: string | null = null;
      if (!dryRun) {
        const [dep] = await tx
          .insert(deployDeployments)
          .values({
            packageId: row.id,
            applicationId: app.id,
            createdApplication,
            snapshot,
            changes: outcome.changes,
            added: n('added'),
            changed: n('changed'),
            removed: n('removed'),
            appliedAt: new Date(),
            appliedBy: user.id,
            appliedByLabel: user.email,
          })
          .returning();
        deploymentId = dep.id;
        await tx.update(deployPackages).set({ state: 'applied' }).where(eq(deployPackages.id, row.id));
        await audit.record(tx, {
          action: 'deploy.apply',
          targetType: 'application',
          targetId: app.id,
          details: {
            package: row.id,
            deployment: dep.id,
            application: slug,
            createdApplication,
            added: n('added'),
            changed: n('changed'),
            removed: n('removed'),
            converted: outcome.converted,
          },
        });
      }
      result = {
        dryRun,
        deploymentId,
        added: n('added'),
        changed: n('changed'),
        removed: n('removed'),
        converted: outcome.converted,
        statements: outcome.statements,
        ms: Math.round(performance.now() - started),
        changes: outcome.changes,
      };
      if (dryRun) throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  if (dryRun) {
    await audit.record(db, {
      action: 'deploy.dry_run',
      targetType: 'deploy_package',
      targetId: id,
      details: { added: result!.added, changed: result!.changed, removed: result!.removed, converted: result!.converted },
    });
    result!.ms = Math.round(performance.now() - started);
  }
  return result!;
}

/**
 * DELETE /deploy/packages/:id: forgets a package no live deployment uses; audited `deploy.delete`.
 * @throws 404; 409 errors.deploy.inUse while a deployment of it is applied.
 */
export async function deletePackage(db: Database, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requirePackage(tx, id);
    const used = await tx.select({ id: deployDeployments.id }).from(deployDeployments).where(eq(deployDeployments.packageId, id));
    if (used.length) throw new HttpError(409, 'CONFLICT', 'errors.deploy.inUse');
    await tx.delete(deployPackages).where(eq(deployPackages.id, id));
    await audit.record(tx, {
      action: 'deploy.delete',
      targetType: 'deploy_package',
      targetId: id,
      before: { fileName: row.fileName, application: row.applicationSlug, sha256: row.sha256 },
    });
  });
}

async function latestApplied(db: Executor, applicationId: string): Promise<string | undefined> {
  const [r] = await db
    .select({ id: deployDeployments.id })
    .from(deployDeployments)
    .where(and(eq(deployDeployments.applicationId, applicationId), eq(deployDeployments.state, 'applied')))
    .orderBy(desc(deployDeployments.appliedAt), desc(deployDeployments.id))
    .limit(1);
  return r?.id;
}

async function toDeployment(db: Executor, r: DeployDeploymentRow, app: { slug: string; name: string }): Promise<DeployDeployment> {
  return {
    id: r.id,
    packageId: r.packageId,
    application: app,
    state: r.state as DeployDeployment['state'],
    createdApplication: r.createdApplication,
    added: r.added,
    changed: r.changed,
    removed: r.removed,
    appliedAt: r.appliedAt.toISOString(),
    appliedBy: r.appliedByLabel,
    rolledBackAt: r.rolledBackAt?.toISOString() ?? null,
    rolledBackBy: r.rolledBackByLabel,
    latest: r.state === 'applied' && (await latestApplied(db, r.applicationId)) === r.id,
  };
}

/** GET /deploy/deployments: newest first; `application` (slug) narrows. */
export async function listDeployments(db: Executor, q: DeployDeploymentListQuery): Promise<{ items: DeployDeployment[]; total: number }> {
  const where = q.application ? eq(applications.slug, q.application) : undefined;
  const [{ n }] = await db
    .select({ n: count() })
    .from(deployDeployments)
    .innerJoin(applications, eq(applications.id, deployDeployments.applicationId))
    .where(where);
  const rows = await db
    .select({ d: deployDeployments, slug: applications.slug, name: applications.name })
    .from(deployDeployments)
    .innerJoin(applications, eq(applications.id, deployDeployments.applicationId))
    .where(where)
    .orderBy(desc(deployDeployments.appliedAt), desc(deployDeployments.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const items = [];
  for (const r of rows) items.push(await toDeployment(db, r.d, { slug: r.slug, name: r.name }));
  return { items, total: Number(n) };
}

/**
 * POST /deploy/deployments/:id/rollback: returns the application's model to the snapshot taken just
 * before this deployment, in one transaction (deploy.apply.ts with `rollback`): what the package
 * added goes to the recycle bin (subjects and fields with their records), what it changed is set
 * back (a field's type converted back and its values restored from record history), what it removed
 * comes back (from the recycle bin when it is there). Audited `deploy.rollback`.
 * @throws 404; 409 errors.deploy.alreadyRolledBack / errors.deploy.notLatest (a newer deployment of
 *   the application is applied); 422 errors.deploy.applyFailed naming the object at fault.
 */
export async function rollbackDeployment(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<DeployRollbackResult> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    const [dep] = await tx.select().from(deployDeployments).where(eq(deployDeployments.id, id)).for('update');
    if (!dep) throw notFound('errors.deploy.deploymentNotFound');
    if (dep.state !== 'applied') throw new HttpError(409, 'CONFLICT', 'errors.deploy.alreadyRolledBack');
    const newer = await tx
      .select({ id: deployDeployments.id })
      .from(deployDeployments)
      .where(
        and(
          eq(deployDeployments.applicationId, dep.applicationId),
          eq(deployDeployments.state, 'applied'),
          ne(deployDeployments.id, dep.id),
          sql`${deployDeployments.appliedAt} > (select d.applied_at from deploy_deployments d where d.id = ${dep.id})`,
        ),
      );
    if (newer.length) throw new HttpError(409, 'CONFLICT', 'errors.deploy.notLatest');
    const [app] = await tx.select().from(applications).where(eq(applications.id, dep.applicationId));
    const current = (await readModel(tx, app.id)).model;
    const outcome = await applyModel(
      { tx, user, app, variableMap: {}, userMap: {}, rollback: { appliedAt: dep.appliedAt } },
      current,
      dep.snapshot as DeployModel,
    );
    const [row] = await tx
      .update(deployDeployments)
      .set({ state: 'rolled_back', rolledBackAt: new Date(), rolledBackByLabel: user.email })
      .where(eq(deployDeployments.id, id))
      .returning();
    await tx.update(deployPackages).set({ state: 'rolled_back' }).where(eq(deployPackages.id, dep.packageId));
    await audit.record(tx, {
      action: 'deploy.rollback',
      targetType: 'application',
      targetId: app.id,
      details: {
        deployment: id,
        package: dep.packageId,
        application: app.slug,
        changes: outcome.changes.length,
        recycled: outcome.recycled,
        restoredValues: outcome.restoredValues,
      },
    });
    return {
      deployment: await toDeployment(tx, row, { slug: app.slug, name: app.name }),
      recycled: outcome.recycled,
      restoredValues: outcome.restoredValues,
      ms: Math.round(performance.now() - started),
    };
  });
}

/** GET /deploy/signers: newest first. */
export async function listSigners(db: Executor, q: PageQuery): Promise<{ items: DeploySigner[]; total: number }> {
  const [{ n }] = await db.select({ n: count() }).from(deploySigners);
  const rows = await db
    .select()
    .from(deploySigners)
    .orderBy(desc(deploySigners.createdAt), desc(deploySigners.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return {
    items: rows.map((r) => ({
      id: r.id,
      fingerprint: r.fingerprint,
      publicKey: r.publicKey,
      label: r.label,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdByLabel,
    })),
    total: Number(n),
  };
}

/** DELETE /deploy/signers/:id: its packages are no longer trusted (those accepted one by one stay so); audited `deploy.signer_remove`. @throws 404. */
export async function removeSigner(db: Database, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(deploySigners).where(eq(deploySigners.id, id)).returning();
    if (!row) throw notFound('errors.deploy.signerNotFound');
    await audit.record(tx, {
      action: 'deploy.signer_remove',
      targetType: 'deploy_signer',
      targetId: id,
      before: { fingerprint: row.fingerprint, label: row.label },
    });
  });
}
