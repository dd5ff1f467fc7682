/**
 * Deploy packages (contracts/deploy.ts, server/src/modules/deploy/README.md; administrators only):
 * this installation's signing key, export of an application's model as a package (a zip download),
 * upload of a package, its diff, the trust step, dry run and apply, the packages kept, the
 * deployments and their rollback, the trusted signers. Reads of one item and every mutation reject
 * with the server's envelope (ApiError, `skipErrorHandler`) so the page says a refusal where it
 * happened (a newer format, a broken signature) instead of a toast.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  DeployApply,
  DeployApplyResult,
  DeployDeployment,
  DeployDiff,
  DeployInstallationKey,
  DeployPackage,
  DeployRollbackResult,
  DeploySigner,
  DeployTrustMode,
} from '../../contracts';
import { BLOB_REQUEST, saveDownload, type BlobResponse } from './download';

const enc = encodeURIComponent;
const BASE = '/api/v1/deploy';
const pkg = (id: string) => `${BASE}/packages/${enc(id)}`;

/** This installation's signing key (public key PEM, SHA-256 fingerprint in hex); made at first use. */
export async function getInstallationKey(): Promise<DeployInstallationKey> {
  const res = await request<Ok<DeployInstallationKey>>(`${BASE}/key`, { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/**
 * Exports the model of `application` (slug) as a signed package and hands it to the browser as a
 * download. Resolves with the file's name; rejects with the server's envelope (404 unknown application).
 */
export async function exportPackage(application: string): Promise<string> {
  const res = (await request(`${BASE}/export`, { ...BLOB_REQUEST, method: 'POST', data: { application } })) as BlobResponse;
  return saveDownload(res, `${application}.assay-package.zip`);
}

/**
 * Uploads a package file: the stored package with its signature state (`trusted`, `unknown_signer`,
 * `unsigned`) and whether it may be applied (`accepted`). Rejects 422 for a newer format version or
 * a signature that does not verify, 400 for a file that is not a package, 413 when too large.
 */
export async function uploadPackage(file: File): Promise<DeployPackage> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await request<Ok<DeployPackage>>(`${BASE}/packages`, { method: 'POST', data: form, skipErrorHandler: true });
  return res.data;
}

/** A page of the packages kept, newest first (`application`: one application's slug). */
export async function listPackages(params: {
  current?: number;
  pageSize?: number;
  application?: string;
}): Promise<Page<DeployPackage>> {
  return request<Page<DeployPackage>>(`${BASE}/packages`, { method: 'GET', params });
}

/** One package kept; rejects 404. */
export async function getPackage(id: string): Promise<DeployPackage> {
  const res = await request<Ok<DeployPackage>>(pkg(id), { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Downloads the stored package file byte for byte. Resolves with the file's name. */
export async function downloadPackage(p: Pick<DeployPackage, 'id' | 'fileName'>): Promise<string> {
  const res = (await request(`${pkg(p.id)}/download`, { ...BLOB_REQUEST, method: 'GET' })) as BlobResponse;
  return saveDownload(res, p.fileName);
}

/** What applying the package would change in its application: per kind and object by object, with the variables and users to remap. */
export async function getPackageDiff(id: string): Promise<DeployDiff> {
  const res = await request<Ok<DeployDiff>>(`${pkg(id)}/diff`, { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** The trust step: trust the package's signer (`signer`) or accept this package only (`package`). */
export async function trustPackage(id: string, mode: DeployTrustMode): Promise<DeployPackage> {
  const res = await request<Ok<DeployPackage>>(`${pkg(id)}/trust`, { method: 'POST', data: { mode }, skipErrorHandler: true });
  return res.data;
}

/** The dry run with these remappings: what the apply would do (nothing kept). Rejects 422 naming the object that failed. */
export async function dryRunPackage(id: string, input: DeployApply): Promise<DeployApplyResult> {
  const res = await request<Ok<DeployApplyResult>>(`${pkg(id)}/dry-run`, { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Applies the package in one transaction. Rejects 409 when not accepted, 422 when an object fails (nothing applied). */
export async function applyPackage(id: string, input: DeployApply): Promise<DeployApplyResult> {
  const res = await request<Ok<DeployApplyResult>>(`${pkg(id)}/apply`, { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Deletes a package kept; rejects 409 while a deployment of it is applied. */
export async function deletePackage(id: string): Promise<void> {
  await request<Ok<{ id: string }>>(pkg(id), { method: 'DELETE', skipErrorHandler: true });
}

/** A page of deployments (applies), newest first (`application`: one application's slug). */
export async function listDeployments(params: {
  current?: number;
  pageSize?: number;
  application?: string;
}): Promise<Page<DeployDeployment>> {
  return request<Page<DeployDeployment>>(`${BASE}/deployments`, { method: 'GET', params });
}

/** Rolls back a deployment (the application's latest); rejects 409 otherwise. */
export async function rollbackDeployment(id: string): Promise<DeployRollbackResult> {
  const res = await request<Ok<DeployRollbackResult>>(`${BASE}/deployments/${enc(id)}/rollback`, {
    method: 'POST',
    skipErrorHandler: true,
  });
  return res.data;
}

/** A page of the trusted signers. */
export async function listSigners(params: { current?: number; pageSize?: number }): Promise<Page<DeploySigner>> {
  return request<Page<DeploySigner>>(`${BASE}/signers`, { method: 'GET', params });
}

/** Stops trusting a signer (packages it signs are then shown as from an unknown signer). */
export async function removeSigner(id: string): Promise<void> {
  await request<Ok<{ id: string }>>(`${BASE}/signers/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}
