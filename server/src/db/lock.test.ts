import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { acquireDataLock, DataDirLockedError, isProcessAlive, LOCK_FILE_NAME } from './lock';
import { runsOnOneEngine } from '../test/engines';

runsOnOneEngine('pglite', 'the lock guards PGlite\'s data folder: files and processes, no database');

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-lock-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The pid of a process that has exited (spawned, then killed and reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const pid = child.pid;
  assert.ok(pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  assert.equal(isProcessAlive(pid), false);
  return pid;
}

test('lock: a second acquire while held refuses, naming the pid and the folder', async (t) => {
  const dir = tempDir(t);
  const lock = acquireDataLock(dir);
  assert.equal(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim(), String(process.pid));

  // another live process (this test runner's parent is alive) holds it
  const otherLive = process.ppid;
  lock.release();
  assert.equal(fs.existsSync(path.join(dir, LOCK_FILE_NAME)), false, 'release removes the file');
  const held = acquireDataLock(dir, otherLive);
  assert.throws(
    () => acquireDataLock(dir),
    (err: unknown) => {
      assert.ok(err instanceof DataDirLockedError);
      assert.equal(err.pid, otherLive);
      assert.match(err.message, new RegExp(`pid ${otherLive}`));
      assert.ok(err.message.includes(path.resolve(dir)), err.message);
      return true;
    },
  );
  held.release();
  const again = acquireDataLock(dir);
  again.release();
  again.release(); // twice is fine
});

test('lock: a lock file left by a dead process is taken over', async (t) => {
  const dir = tempDir(t);
  const pid = await deadPid();
  fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${pid}\n`);
  const lock = acquireDataLock(dir);
  assert.equal(fs.readFileSync(lock.path, 'utf8').trim(), String(process.pid));
  lock.release();
});

test('lock: an empty or garbage lock file is taken over; a missing folder is created', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
  const lock = acquireDataLock(dir);
  assert.equal(fs.readFileSync(lock.path, 'utf8').trim(), String(process.pid));
  lock.release();

  const nested = path.join(dir, 'a', 'b');
  const created = acquireDataLock(nested);
  assert.ok(fs.existsSync(path.join(nested, LOCK_FILE_NAME)));
  created.release();
});

test('lock: release leaves a lock that another process has since taken', async (t) => {
  const dir = tempDir(t);
  const lock = acquireDataLock(dir);
  fs.writeFileSync(lock.path, `${process.ppid}\n`);
  lock.release();
  assert.equal(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim(), String(process.ppid));
});
