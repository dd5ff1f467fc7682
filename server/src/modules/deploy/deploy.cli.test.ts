/**
 * The deploy CLI (scripts/deploy.mjs, docs/deploy.md "CLI") against a real server started for the
 * test: export with a personal API token, diff of the package (uploaded by the CLI), a dry run, and
 * the exit codes of a usage error, a refused token and an untrusted package.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import JSZip from 'jszip';
import { childApi, childSignIn, startChildServer } from '../../test/child-server';
import { runsOnOneEngine } from '../../test/engines';
import { createEngineDatabase } from '../../test/helpers';

runsOnOneEngine('postgres', 'the CLI speaks HTTP to a server; what the server does on each engine is deploy.test.ts\'s');

const PASSWORD = 'Deploy-cli-2026';

function deployCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join('scripts', 'deploy.mjs'), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('deploy CLI: export, diff and a dry run with an API token; exit codes 2 (usage), 1 (refused), 3 (untrusted)', async (t) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-deploy-cli-'));
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const { env } = await createEngineDatabase(t);
  const server = await startChildServer(env);
  t.after(() => server.child.kill('SIGKILL'));
  assert.equal((await childApi(server, 'POST', '/setup/init', { body: { name: 'Admin', email: 'admin@example.com', password: PASSWORD } })).status, 201);
  const cookie = await childSignIn(server, 'admin@example.com', PASSWORD);
  assert.equal((await childApi(server, 'POST', '/applications', { cookie, body: { slug: 'cli-app', name: 'CLI app' } })).status, 201);
  const subject = await childApi(server, 'POST', '/applications/cli-app/subjects', {
    cookie,
    body: { key: 'item', name: 'Item', fields: [{ key: 'title', name: 'Title', type: 'text' }] },
  });
  assert.equal(subject.status, 201);
  const token = await childApi<{ data: { token: string } }>(server, 'POST', '/auth/me/tokens', { cookie, body: { name: 'cli', scope: 'read-write' } });
  assert.equal(token.status, 201, JSON.stringify(token.body));
  const cliEnv = { ASSAY_URL: server.base, ASSAY_TOKEN: token.body.data.token };

  const file = path.join(tmp, 'cli-app.zip');
  const exported = await deployCli(['export', 'cli-app', '-o', file], cliEnv);
  assert.equal(exported.code, 0, exported.stderr);
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const doc = JSON.parse(await zip.file('package.json')!.async('string')) as { model: { subjects: { key: string }[] } };
  assert.deepEqual(doc.model.subjects.map((s) => s.key), ['item']);

  const diff = await deployCli(['diff', file], cliEnv);
  assert.equal(diff.code, 0, diff.stderr);
  assert.match(diff.stderr, /signature: trusted/);
  assert.match(diff.stdout, /Target application: cli-app \(exists\)/);
  assert.match(diff.stdout, /No changes\./);

  // the same model with a field more, unsigned: diff shows it; apply refuses until trusted
  const edited = JSON.parse(await zip.file('package.json')!.async('string'));
  edited.model.subjects[0].fields.push({ key: 'size', name: 'Size', type: 'number', position: 1, required: false, unique: false, options: {}, validation: {}, helpText: null });
  const unsigned = new JSZip();
  unsigned.file('package.json', JSON.stringify(edited));
  const file2 = path.join(tmp, 'unsigned.zip');
  fs.writeFileSync(file2, await unsigned.generateAsync({ type: 'nodebuffer' }));
  const diff2 = await deployCli(['diff', file2], cliEnv);
  assert.equal(diff2.code, 0, diff2.stderr);
  assert.match(diff2.stdout, /\+ field item\.size/);
  const untrusted = await deployCli(['apply', file2, '--dry-run'], cliEnv);
  assert.equal(untrusted.code, 3, untrusted.stderr);
  const dry = await deployCli(['apply', file2, '--dry-run', '--trust', 'package'], cliEnv);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /Dry run \(nothing kept\): 1 added/);

  assert.equal((await deployCli([], cliEnv)).code, 2);
  assert.equal((await deployCli(['export'], cliEnv)).code, 2);
  const refused = await deployCli(['export', 'cli-app'], { ...cliEnv, ASSAY_TOKEN: 'assay_pat_wrong' });
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /401/);
});
