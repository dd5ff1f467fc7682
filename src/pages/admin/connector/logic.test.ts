import type { ConnectorRun, ConnectorSync } from '../../../../contracts';
import { nextFires } from './cron';
import { configOf, defaultConfig, hostLabel, hostOf, latestRunByConnector, onAllowList, syncProblems, syncsByConnector } from './logic';

const run = (createdAt: string, status: ConnectorRun['status'] = 'done') => ({ createdAt, status }) as ConnectorRun;
const sync = (connectorId: string, lastRun: ConnectorRun | null) => ({ connectorId, lastRun }) as ConnectorSync;

describe('connector config', () => {
  it('keeps only the kind’s keys, sends a cleared variable as none and leaves an empty port to the server', () => {
    const values = { ...defaultConfig('rest'), host: 'db', port: null, database: 'd', user: 'u', passwordVariable: undefined, tls: 'require', caVariable: null };
    expect(configOf('mysql', values)).toEqual({ host: 'db', database: 'd', user: 'u', passwordVariable: '', tls: 'require', caVariable: '' });
    expect(Object.keys(configOf('file', { ...values, url: 'https://x/y.csv', format: 'csv' }))).toEqual(['url', 'format', 'headerName', 'headerPrefix', 'headerVariable']);
  });

  it('says where a connector points', () => {
    expect(hostLabel('postgres', { host: 'db.internal', database: 'erp' })).toBe('db.internal:5432/erp');
    expect(hostLabel('mysql', { host: '127.0.0.1', port: 3307, database: 'x' })).toBe('127.0.0.1:3307/x');
    expect(hostLabel('rest', { url: 'https://api.example.com:8443/v1/items?x=1' })).toBe('api.example.com:8443');
    expect(hostLabel('file', { url: 'not a url' })).toBe('not a url');
    expect(hostOf('rest', { url: 'http://[::1]:80/a' })).toBe('::1');
  });

  it('checks a host against the allow-list as written, and does not guess about CIDR blocks', () => {
    expect(onAllowList('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(onAllowList('db.corp.example', ['.corp.example'])).toBe(true);
    expect(onAllowList('corp.example', ['.corp.example'])).toBe(true);
    expect(onAllowList('evilcorp.example', ['.corp.example'])).toBe(false);
    expect(onAllowList('10.0.0.5', ['10.0.0.0/8'])).toBeNull();
    expect(onAllowList(null, [])).toBeNull();
  });
});

describe('runs and syncs', () => {
  it('takes the latest run of each connector over its syncs', () => {
    const last = latestRunByConnector([sync('a', run('2026-01-01T00:00:00Z')), sync('a', run('2026-02-01T00:00:00Z', 'failed')), sync('b', null)]);
    expect(last.get('a')?.status).toBe('failed');
    expect(last.has('b')).toBe(false);
    expect([...syncsByConnector([sync('a', null), sync('a', null), sync('b', null)])]).toEqual([['a', 2], ['b', 1]]);
  });

  it('names what a sync lacks before it is sent', () => {
    const base = { mode: 'upsert', keyFields: ['id'], strategy: 'full', cursorColumn: null, onMissing: 'leave', mapping: { id: 'id', name: 'name' } };
    expect(syncProblems(base)).toEqual({});
    expect(syncProblems({ ...base, mapping: { id: null } })).toMatchObject({ mapping: 'connectors.sync.problem.mappingEmpty' });
    expect(syncProblems({ ...base, keyFields: [] })).toEqual({ keyFields: 'connectors.sync.problem.keyFields' });
    expect(syncProblems({ ...base, mode: 'insert', keyFields: [] })).toEqual({});
    expect(syncProblems({ ...base, mode: 'insert', keyFields: [], onMissing: 'recycle' })).toEqual({ keyFields: 'connectors.sync.problem.keyFields' });
    expect(syncProblems({ ...base, keyFields: ['code'] })).toEqual({ keyFields: 'connectors.sync.problem.keyUnmapped' });
    expect(syncProblems({ ...base, strategy: 'incremental', onMissing: 'recycle' })).toEqual({
      cursorColumn: 'connectors.sync.problem.cursor',
      onMissing: 'connectors.sync.problem.recycleFull',
    });
  });
});

describe('schedule', () => {
  it('lists the next fire times in the time zone, none without a cron, null for a bad one', () => {
    const from = new Date('2026-11-27T00:30:00Z');
    expect(nextFires('0 2 * * *', 'Asia/Shanghai', 2, from)?.map((d) => d.toISOString())).toEqual(['2026-11-27T18:00:00.000Z', '2026-11-28T18:00:00.000Z']);
    expect(nextFires('', 'UTC')).toEqual([]);
    expect(nextFires('61 * * * *', 'UTC')).toBeNull();
    expect(nextFires('0 2 * * *', 'Mars/Olympus')).toBeNull();
  });
});
