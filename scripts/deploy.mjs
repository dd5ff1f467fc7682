#!/usr/bin/env node
/**
 * `npm run deploy -- <command> …`: deploy packages from the command line (docs/deploy.md "CLI").
 * Talks to a running server's API (/api/v1/deploy…) with a personal API token, since the server
 * holds the PGlite data folder: ASSAY_URL (e.g. http://127.0.0.1:8000) and ASSAY_TOKEN (a
 * read-write token of an administrator, made in the personal center).
 *
 * Exit codes: 0 done; 1 the server refused (its message printed); 2 usage or environment error;
 * 3 the package is not trusted here (pass --trust signer|package).
 */
import fs from 'node:fs';
import path from 'node:path';

const USAGE = `Usage: npm run deploy -- <command> [options]

Commands:
  export <application-slug> [-o <file>]       Export the application's model as a signed package
  diff <file.zip | package-id> [--json]        Upload the file (or take a stored package) and show its diff
  apply <file.zip | package-id> [options]      Upload (if a file) and apply in one transaction
      --dry-run                                  apply, report, roll back (nothing kept)
      --trust signer|package                     trust the signer's key, or accept this package only
      --map-variable <pkgKey>=<targetKey>        use the target's variable instead (repeatable)
      --map-user <pkgEmail>=<targetEmail>        owner mapping (repeatable)
      --json                                     print the result as JSON
  rollback <deployment-id> | --application <slug>
                                               Roll back a deployment (the application's latest)

Environment: ASSAY_URL (server base URL), ASSAY_TOKEN (an administrator's read-write API token).
Exit codes: 0 done, 1 refused by the server, 2 usage error, 3 package not trusted (use --trust).`;

class Exit extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function parse(argv) {
  const positional = [];
  const opts = { variables: {}, users: {} };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Exit(2, `${a} needs a value`);
      return argv[++i];
    };
    const pair = (v, into) => {
      const eq = v.indexOf('=');
      if (eq <= 0) throw new Exit(2, `${a} expects <from>=<to>, got “${v}”`);
      into[v.slice(0, eq)] = v.slice(eq + 1);
    };
    if (a === '-h' || a === '--help') opts.help = true;
    else if (a === '-o' || a === '--output') opts.output = next();
    else if (a === '--json') opts.json = true;
    else if (a === '--dry-run') opts.dryRun = true;
    else if (a === '--trust') {
      opts.trust = next();
      if (!['signer', 'package'].includes(opts.trust)) throw new Exit(2, '--trust is signer or package');
    } else if (a === '--map-variable') pair(next(), opts.variables);
    else if (a === '--map-user') pair(next(), opts.users);
    else if (a === '--application') opts.application = next();
    else if (a.startsWith('-')) throw new Exit(2, `unknown option ${a}`);
    else positional.push(a);
  }
  return { positional, opts };
}

function client() {
  const base = process.env.ASSAY_URL;
  const token = process.env.ASSAY_TOKEN;
  if (!base || !token) throw new Exit(2, 'set ASSAY_URL and ASSAY_TOKEN (an administrator’s read-write API token)');
  const request = async (method, url, body, { raw = false } = {}) => {
    const headers = { authorization: `Bearer ${token}` };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(`${base.replace(/\/+$/, '')}/api/v1${url}`, { method, headers, body: payload });
    } catch (err) {
      throw new Exit(2, `cannot reach ${base}: ${err.cause?.message ?? err.message}`);
    }
    if (!res.ok) {
      const text = await res.text();
      let message = text;
      try {
        const j = JSON.parse(text);
        message = [j.errorMessage, ...(j.details ?? []).map((d) => `${d.field}: ${d.message ?? d.messageKey ?? ''}`)].filter(Boolean).join('\n  ');
      } catch {
        // not JSON
      }
      const e = new Exit(1, `${method} ${url}: ${res.status} ${message}`);
      e.status = res.status;
      throw e;
    }
    if (raw) return res;
    return (await res.json()).data;
  };
  return request;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored package's id: the argument itself, or the file uploaded. */
async function packageOf(api, arg) {
  if (UUID.test(arg) && !fs.existsSync(arg)) return api('GET', `/deploy/packages/${arg}`);
  if (!fs.existsSync(arg)) throw new Exit(2, `no such file: ${arg}`);
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(arg)], { type: 'application/zip' }), path.basename(arg));
  const pkg = await api('POST', '/deploy/packages', form);
  console.error(`uploaded ${path.basename(arg)} as package ${pkg.id} (signature: ${pkg.signature}${pkg.signerFingerprint ? `, signer ${pkg.signerFingerprint.slice(0, 16)}…` : ''})`);
  return pkg;
}

function printDiff(diff) {
  console.log(`Target application: ${diff.application.slug} (${diff.application.exists ? 'exists' : 'will be created'})`);
  console.log('kind        added changed removed unchanged');
  for (const k of diff.kinds) console.log(`${k.kind.padEnd(11)} ${String(k.added).padStart(5)} ${String(k.changed).padStart(7)} ${String(k.removed).padStart(7)} ${String(k.unchanged).padStart(9)}`);
  for (const c of diff.changes) {
    const sign = c.change === 'added' ? '+' : c.change === 'removed' ? '-' : '~';
    let line = `${sign} ${c.kind} ${c.key}`;
    if (c.properties.length) line += ` (${c.properties.join(', ')})`;
    if (c.typeChange) line += ` type ${c.typeChange.from} → ${c.typeChange.to}: ${c.typeChange.converted} of ${c.typeChange.records} records convert, ${c.typeChange.refused} refused`;
    if (c.records !== undefined) line += ` [${c.records} records to the recycle bin]`;
    console.log(line);
  }
  if (!diff.changes.length) console.log('No changes.');
  const secrets = diff.variables.filter((v) => v.secret && !v.suggested);
  if (secrets.length) console.log(`Secret variables with no value here (map them with --map-variable): ${secrets.map((v) => v.key).join(', ')}`);
  const users = diff.users.filter((u) => !u.suggested);
  if (users.length) console.log(`Users not found here (owned by you unless mapped with --map-user): ${users.map((u) => u.email).join(', ')}`);
}

async function main(argv) {
  const { positional, opts } = parse(argv);
  const [command, arg] = positional;
  if (opts.help || !command) {
    console.log(USAGE);
    return command || opts.help ? 0 : 2;
  }
  if (!['export', 'diff', 'apply', 'rollback'].includes(command)) throw new Exit(2, `unknown command “${command}”\n\n${USAGE}`);
  const api = client();

  if (command === 'export') {
    if (!arg) throw new Exit(2, 'export needs an application slug');
    const res = await api('POST', '/deploy/export', { application: arg }, { raw: true });
    const disposition = res.headers.get('content-disposition') ?? '';
    const named = /filename="([^"]+)"/.exec(disposition)?.[1];
    const file = opts.output ?? named ?? `${arg}.assay-deploy.zip`;
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    console.log(file);
    return 0;
  }
  if (command === 'diff') {
    if (!arg) throw new Exit(2, 'diff needs a package file or id');
    const pkg = await packageOf(api, arg);
    const diff = await api('GET', `/deploy/packages/${pkg.id}/diff`);
    if (opts.json) console.log(JSON.stringify(diff, null, 2));
    else printDiff(diff);
    return 0;
  }
  if (command === 'apply') {
    if (!arg) throw new Exit(2, 'apply needs a package file or id');
    let pkg = await packageOf(api, arg);
    if (!pkg.accepted && opts.trust) pkg = await api('POST', `/deploy/packages/${pkg.id}/trust`, { mode: opts.trust });
    if (!pkg.accepted)
      throw new Exit(3, `package ${pkg.id} is ${pkg.signature === 'unsigned' ? 'unsigned' : `signed by an unknown key (${pkg.signerFingerprint})`}: pass --trust signer or --trust package`);
    const result = await api('POST', `/deploy/packages/${pkg.id}/${opts.dryRun ? 'dry-run' : 'apply'}`, { variableMap: opts.variables, userMap: opts.users });
    if (opts.json) console.log(JSON.stringify(result, null, 2));
    else
      console.log(
        `${result.dryRun ? 'Dry run (nothing kept)' : `Applied: deployment ${result.deploymentId}`}: ${result.added} added, ${result.changed} changed, ${result.removed} removed, ${result.converted} values converted, ${result.ms} ms`,
      );
    return 0;
  }
  // rollback
  let id = arg;
  if (!id && opts.application) {
    const page = await api('GET', `/deploy/deployments?application=${encodeURIComponent(opts.application)}&pageSize=100`);
    id = page.find((d) => d.latest)?.id;
    if (!id) throw new Exit(1, `no applied deployment of ${opts.application}`);
  }
  if (!id) throw new Exit(2, 'rollback needs a deployment id or --application <slug>');
  const result = await api('POST', `/deploy/deployments/${id}/rollback`);
  console.log(`Rolled back deployment ${id}: ${result.recycled} objects to the recycle bin, ${result.restoredValues} values restored, ${result.ms} ms`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof Exit) {
      console.error(err.message);
      process.exit(err.code);
    }
    console.error(err);
    process.exit(1);
  },
);
