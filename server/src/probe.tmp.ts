import { createTestApp } from './test/helpers';
import { startTaskEngine } from './modules/tasks/tasks.engine';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
async function main() {
  const { app, close } = await createTestApp();
  const engine = await startTaskEngine(app.db, { log: quiet, schedule: false, supervise: false, pollingIntervalSeconds: 600 });
  const boss = engine.boss as unknown as { fetch(name: string, opts?: object): Promise<unknown> };
  let n = 0, total = 0, max = 0;
  for (let i = 0; i < 50; i++) { const t0 = performance.now(); await boss.fetch('imports.run', { batchSize: 1 }); const ms = performance.now() - t0; n++; total += ms; max = Math.max(max, ms); }
  console.log('fetch avg ms', (total / n).toFixed(1), 'max', max.toFixed(1));
  await engine.stop(1000); await close();
}
main().catch((e) => { console.error(e); process.exit(1); });
