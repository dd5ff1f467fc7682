/**
 * The modules' contracts (docs/architecture.md "Contracts"): every message key, audit action and
 * recycle-bin type is defined by one module only (the catalogue merges them, so a second definition
 * would silently replace the first); the plain files (contracts/constants.ts, messages.ts,
 * modules.ts, module-messages.ts and every contracts/<module>.constants.ts and .messages.ts) import
 * no zod and no file that does, except as types; and the files the web reaches through
 * contracts/constants.ts never import a module's messages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, MODULE_ENTRIES, RECYCLABLE_TYPES } from './constants';
import { MESSAGES, MODULE_CATALOGS, SHARED_MESSAGES } from './messages';

const duplicates = (list: readonly string[]) => list.filter((x, i) => list.indexOf(x) !== i);

describe('module contracts', () => {
  it('define each message key once, and MESSAGES holds them all', () => {
    const keys = [SHARED_MESSAGES, ...MODULE_CATALOGS].flatMap((catalog) => Object.keys(catalog));
    expect(duplicates(keys)).toEqual([]);
    expect(Object.keys(MESSAGES).sort()).toEqual([...keys].sort());
  });

  it('define each audit action and recycle-bin type once', () => {
    expect(duplicates(AUDIT_ACTIONS)).toEqual([]);
    expect(duplicates(RECYCLABLE_TYPES)).toEqual([]);
    expect(AUDIT_ACTIONS.length).toBe(MODULE_ENTRIES.reduce((n, m) => n + m.auditActions.length, 0));
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z][a-z_]*\.[a-z_]+$/);
  });

  it('keep the messages out of what the web reaches through contracts/constants.ts', () => {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
      for (const [, from] of source.matchAll(/^(?:import|export) (?!type\b)[^;]*? from '\.\/([^']+)';/gms)) walk(`${from}.ts`);
    };
    walk('constants.ts');
    expect([...seen].filter((f) => f.endsWith('messages.ts'))).toEqual([]);
  });

  it('keep the files the web imports free of zod', () => {
    const dir = __dirname;
    const plain = new Set([
      'constants.ts',
      'messages.ts',
      'modules.ts',
      'module-messages.ts',
      ...fs.readdirSync(dir).filter((f) => f.endsWith('.constants.ts') || f.endsWith('.messages.ts')),
    ]);
    for (const file of plain) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      // value imports and re-exports (`import type` / `export type` vanish when compiled)
      for (const [, from] of source.matchAll(/^(?:import|export) (?!type\b)[^;]*? from '([^']+)';/gms)) {
        const ok = from.startsWith('./') && plain.has(`${from.slice(2)}.ts`);
        expect(ok ? from : `${file} imports ${from}, which may pull zod`).toBe(from);
      }
    }
  });
});
