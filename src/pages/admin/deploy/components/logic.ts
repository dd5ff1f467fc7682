/**
 * The pure parts of the deploy page (src/pages/admin/deploy): the diff grouped by kind for its
 * display, what of it touches data (the highlights), the remappings proposed from the diff's
 * suggestions and what is sent, and whether a dry run still matches the remappings. Tested in
 * logic.test.ts without rendering.
 */
import type { DeployApply, DeployChange, DeployDiff, DeployKind } from '../../../../../contracts';
import { DEPLOY_KINDS } from '../../../../../contracts/constants';

/** The order a group's objects are listed in: what goes away first, then what changes, then what is new. */
const CHANGE_ORDER: Record<DeployChange['change'], number> = { removed: 0, changed: 1, added: 2 };

/** One kind of the diff as shown: its counts and its objects (removed, changed, added; by key within each). */
export interface DiffGroup {
  kind: DeployKind;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  changes: DeployChange[];
  /** Objects of this kind that touch records (a type change, a removed subject or field holding records). */
  impact: number;
}

/**
 * Whether applying `c` touches records: a field type change that converts or refuses values, or a
 * removed subject or field holding records (they go to the recycle bin with it).
 */
export function touchesData(c: DeployChange): boolean {
  if (c.typeChange) return c.typeChange.records > 0 || !c.typeChange.allowed;
  return c.change === 'removed' && (c.records ?? 0) > 0;
}

/** Whether `c` would make the apply fail: a type change not allowed, or values that would not convert. */
export function blocksApply(c: DeployChange): boolean {
  return !!c.typeChange && (!c.typeChange.allowed || c.typeChange.refused > 0);
}

/**
 * The diff's kinds in apply order (DEPLOY_KINDS), each with its objects; kinds with nothing added,
 * changed or removed come last, in the same order (their unchanged counts still show).
 */
export function groupDiff(diff: Pick<DeployDiff, 'kinds' | 'changes'>): DiffGroup[] {
  const groups = DEPLOY_KINDS.map((kind): DiffGroup => {
    const summary = diff.kinds.find((k) => k.kind === kind);
    const changes = diff.changes
      .filter((c) => c.kind === kind)
      .sort((a, b) => CHANGE_ORDER[a.change] - CHANGE_ORDER[b.change] || a.key.localeCompare(b.key));
    return {
      kind,
      added: summary?.added ?? changes.filter((c) => c.change === 'added').length,
      changed: summary?.changed ?? changes.filter((c) => c.change === 'changed').length,
      removed: summary?.removed ?? changes.filter((c) => c.change === 'removed').length,
      unchanged: summary?.unchanged ?? 0,
      changes,
      impact: changes.filter(touchesData).length,
    };
  }).filter((g) => g.added + g.changed + g.removed + g.unchanged > 0);
  const moving = (g: DiffGroup) => g.added + g.changed + g.removed > 0;
  return [...groups.filter(moving), ...groups.filter((g) => !moving(g))];
}

/** The diff's totals: objects added, changed, removed, and how many of them touch records. */
export function diffTotals(diff: Pick<DeployDiff, 'changes'>) {
  const count = (change: DeployChange['change']) => diff.changes.filter((c) => c.change === change).length;
  return {
    added: count('added'),
    changed: count('changed'),
    removed: count('removed'),
    impact: diff.changes.filter(touchesData).length,
    blocking: diff.changes.filter(blocksApply).length,
    /** Records in removed subjects and fields (to the recycle bin), and records whose values a type change converts. */
    recycledRecords: diff.changes
      .filter((c) => c.change === 'removed' && (c.kind === 'subject' || c.kind === 'field'))
      .reduce((n, c) => n + (c.records ?? 0), 0),
    convertedRecords: diff.changes.reduce((n, c) => n + (c.typeChange?.converted ?? 0), 0),
  };
}

/**
 * The remappings proposed for `diff`: each package variable to the target variable the server
 * suggests (same key, global or the application's), each user to the target user of the same
 * e-mail; those without a suggestion are left out (a variable is then created from the package,
 * a user's objects owned by the applying administrator).
 */
export function proposedMaps(diff: Pick<DeployDiff, 'variables' | 'users'>): Required<DeployApply> {
  const variableMap: Record<string, string> = {};
  for (const v of diff.variables) if (v.suggested) variableMap[v.key] = v.suggested;
  const userMap: Record<string, string> = {};
  for (const u of diff.users) if (u.suggested) userMap[u.email] = u.suggested;
  return { variableMap, userMap };
}

/** A map with `key` set to `value`, or without `key` when `value` is empty. */
export function setMapped(map: Record<string, string>, key: string, value: string | undefined | null): Record<string, string> {
  const next = { ...map };
  if (value) next[key] = value;
  else delete next[key];
  return next;
}

/** A stable string of the remappings: a dry run made with other remappings is stale. */
export function mapsSignature(maps: Required<DeployApply>): string {
  const sorted = (m: Record<string, string>) =>
    Object.keys(m)
      .sort()
      .map((k) => [k, m[k]]);
  return JSON.stringify([sorted(maps.variableMap), sorted(maps.userMap)]);
}

/** A key fingerprint (hex) as people compare it: groups of four, upper case (`AB12 CD34 …`); `short` keeps the first 12 digits. */
export function formatFingerprint(fingerprint: string, short = false): string {
  const hex = fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();
  const shown = short ? hex.slice(0, 12) : hex;
  return (shown.match(/.{1,4}/g) ?? []).join(' ') + (short && hex.length > 12 ? ' …' : '');
}
