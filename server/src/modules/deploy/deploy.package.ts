/**
 * The package file (docs/deploy.md "Package format"): a zip holding `package.json` (the
 * DeployDocument: manifest and model, pretty-printed) and `signature.json` (Ed25519 over the
 * document's canonical bytes, deploy.keys.ts). `readPackage` opens an uploaded file with bounds
 * (DEPLOY_MAX_PACKAGE_BYTES, DEPLOY_MAX_UNZIPPED_BYTES) and checks, in this order: it is a zip with a
 * `package.json` (400 `file`), the format version (422 newer), the document's shape (400), and the
 * signature if there is one (422 when it does not verify).
 */
import JSZip from 'jszip';
import {
  DEPLOY_FORMAT_VERSION,
  DEPLOY_MAX_OBJECTS,
  DEPLOY_MAX_PACKAGE_BYTES,
  DEPLOY_MAX_UNZIPPED_BYTES,
  DEPLOY_PACKAGE_ENTRY,
  DEPLOY_SIGNATURE_ENTRY,
  deployDocumentSchema,
  deploySignatureSchema,
  type DeployDocument,
  type DeploySignature,
} from '../../../../contracts';
import { HttpError } from '../../lib/http-error';
import { verifyDocument } from './deploy.keys';
import { countsOf } from './deploy.model';

/** The zip of a signed document (DEFLATE; fixed dates so the same document gives the same bytes). */
export async function writePackage(document: DeployDocument, signature: DeploySignature | null): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date(Date.UTC(2000, 0, 1));
  zip.file(DEPLOY_PACKAGE_ENTRY, JSON.stringify(document, null, 2), { date });
  if (signature) zip.file(DEPLOY_SIGNATURE_ENTRY, JSON.stringify(signature, null, 2), { date });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

const unreadable = (reason: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.unreadable', [{ field: 'file', messageKey: 'errors.deploy.unreadable' }], {
    params: { reason },
  });

/** An opened, checked package. */
export interface ReadPackage {
  document: DeployDocument;
  signature: DeploySignature | null;
}

/** The size a zip entry says it unzips to (jszip keeps it from the central directory). */
const unzippedSize = (file: JSZip.JSZipObject) => (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;

/**
 * Opens and checks an uploaded package.
 * @throws HttpError 413 past DEPLOY_MAX_PACKAGE_BYTES; 400 naming `file` (not a zip, no
 *   package.json, not JSON, past DEPLOY_MAX_UNZIPPED_BYTES); 422 errors.deploy.newerFormat; 400
 *   errors.deploy.invalidPackage (the document's shape, or past DEPLOY_MAX_OBJECTS);
 *   422 errors.deploy.badSignature (a signature that does not verify: the bytes were changed).
 */
export async function readPackage(bytes: Buffer): Promise<ReadPackage> {
  if (bytes.length > DEPLOY_MAX_PACKAGE_BYTES)
    throw new HttpError(413, 'BAD_REQUEST', 'errors.deploy.tooLarge', [{ field: 'file', messageKey: 'errors.deploy.tooLarge' }], {
      params: { maxMb: DEPLOY_MAX_PACKAGE_BYTES / 1024 / 1024 },
    });
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw unreadable('not a zip file');
  }
  const total = Object.values(zip.files).reduce((n, f) => n + unzippedSize(f), 0);
  if (total > DEPLOY_MAX_UNZIPPED_BYTES) throw unreadable('too large once unzipped');
  const entry = zip.file(DEPLOY_PACKAGE_ENTRY);
  if (!entry) throw unreadable(`no ${DEPLOY_PACKAGE_ENTRY}`);
  let raw: unknown;
  try {
    raw = JSON.parse(await entry.async('string'));
  } catch {
    throw unreadable(`${DEPLOY_PACKAGE_ENTRY} is not JSON`);
  }
  const version = (raw as { manifest?: { formatVersion?: unknown } } | null)?.manifest?.formatVersion;
  if (typeof version === 'number' && version > DEPLOY_FORMAT_VERSION)
    throw new HttpError(422, 'BAD_REQUEST', 'errors.deploy.newerFormat', [{ field: 'file', messageKey: 'errors.deploy.newerFormat' }], {
      params: { version, supported: DEPLOY_FORMAT_VERSION },
    });
  const parsed = deployDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.invalidPackage', [{ field: 'file', messageKey: 'errors.deploy.invalidPackage' }], {
      params: { reason: `${issue.path.join('.')}: ${issue.message}` },
    });
  }
  const objects = Object.values(countsOf(parsed.data.model)).reduce((a, b) => a + b, 0);
  if (objects > DEPLOY_MAX_OBJECTS)
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.deploy.tooManyObjects', [{ field: 'file', messageKey: 'errors.deploy.tooManyObjects' }], {
      params: { n: DEPLOY_MAX_OBJECTS },
    });
  const sigEntry = zip.file(DEPLOY_SIGNATURE_ENTRY);
  let signature: DeploySignature | null = null;
  if (sigEntry) {
    const sig = deploySignatureSchema.safeParse(safeJson(await sigEntry.async('string')));
    // the signature is checked against the document as it was parsed (raw, before zod's defaults)
    if (!sig.success || !verifyDocument(raw, sig.data))
      throw new HttpError(422, 'BAD_REQUEST', 'errors.deploy.badSignature', [{ field: 'file', messageKey: 'errors.deploy.badSignature' }]);
    signature = sig.data;
  }
  return { document: parsed.data, signature };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
