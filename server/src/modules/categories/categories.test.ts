import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Category, CategoryDetail } from '../../../../contracts';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { recyclableOf } from '../../core/recycle.registry';

ownDatabasePerTest('categories are one tree for the whole database');

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

test('categories: build, reorder and re-parent a tree; cycles refused; usage counted per node and subtree', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const create = async (name: string, parentId?: string) =>
    json<{ data: CategoryDetail }>(await call(app, 'POST', '/api/v1/categories', { cookie, body: { name, parentId } })).data;
  const move = (id: string, parentId: string | null, position: number) =>
    call(app, 'PUT', `/api/v1/categories/${id}/move`, { cookie, body: { parentId, position } });
  const tree = async () => json<{ data: Category[] }>(await call(app, 'GET', '/api/v1/categories', { cookie })).data;
  const childrenOf = (all: Category[], parentId: string | null) =>
    all.filter((c) => c.parentId === parentId).sort((a, b) => a.position - b.position).map((c) => `${c.name}@${c.position}`);

  const finance = await create('Finance');
  const ops = await create('Operations');
  const tax = await create('Tax', finance.id);
  const payroll = await create('Payroll', finance.id);
  const vat = await create('VAT', tax.id);
  assert.deepEqual(vat.path.map((p) => p.name), ['Finance', 'Tax']);
  assert.deepEqual(childrenOf(await tree(), finance.id), ['Tax@0', 'Payroll@1']);
  const dupName = await call(app, 'POST', '/api/v1/categories', { cookie, body: { name: 'tax', parentId: finance.id } });
  assert.equal(dupName.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(dupName).details?.map((d) => d.field), ['name']);
  const noParent = await call(app, 'POST', '/api/v1/categories', { cookie, body: { name: 'x', parentId: '00000000-0000-4000-8000-000000000000' } });
  assert.equal(noParent.statusCode, 404);
  assert.deepEqual(json<ErrorBody>(noParent).details?.map((d) => d.field), ['parentId']);

  // reorder among siblings
  assert.equal((await move(payroll.id, finance.id, 0)).statusCode, 200);
  assert.deepEqual(childrenOf(await tree(), finance.id), ['Payroll@0', 'Tax@1']);
  // re-parent: Tax (with VAT) under Operations; Finance's children renumbered
  assert.equal((await move(tax.id, ops.id, 99)).statusCode, 200);
  let all = await tree();
  assert.deepEqual(childrenOf(all, finance.id), ['Payroll@0']);
  assert.deepEqual(childrenOf(all, ops.id), ['Tax@0']);
  // cycles refused: under itself, under its own descendant
  for (const target of [tax.id, vat.id]) {
    const cyc = await move(tax.id, target, 0);
    assert.equal(cyc.statusCode, 409);
    assert.deepEqual(json<ErrorBody>(cyc).details?.map((d) => d.field), ['parentId']);
  }
  // to the roots, first
  assert.equal((await move(vat.id, null, 0)).statusCode, 200);
  assert.deepEqual(childrenOf(await tree(), null), ['VAT@0', 'Finance@1', 'Operations@2']);

  // categorise and count usage
  const assign = (targetId: string, categoryIds: string[]) =>
    call(app, 'PUT', '/api/v1/categories/assign', { cookie, body: { targetType: 'variable', targetId, categoryIds } });
  assert.equal((await assign('a', [tax.id, payroll.id])).statusCode, 200);
  await assign('b', [tax.id]);
  await assign('c', [ops.id]);
  const of = json<{ data: Category[] }>(await call(app, 'GET', '/api/v1/categories/of?targetType=variable&targetId=a', { cookie }));
  assert.deepEqual(of.data.map((c) => c.name), ['Payroll', 'Tax']);
  all = await tree();
  const byName = new Map(all.map((c) => [c.name, c]));
  assert.equal(byName.get('Tax')?.usage, 2);
  assert.equal(byName.get('Operations')?.usage, 1);
  assert.equal(byName.get('Operations')?.subtreeUsage, 3);
  const detail = json<{ data: CategoryDetail }>(await call(app, 'GET', `/api/v1/categories/${ops.id}`, { cookie })).data;
  assert.deepEqual(detail.children.map((c) => c.name), ['Tax']);
  assert.deepEqual(detail.path, []);
  const renamed = await call(app, 'PATCH', `/api/v1/categories/${ops.id}`, { cookie, body: { name: 'Ops', description: 'Operational' } });
  assert.equal(json<{ data: CategoryDetail }>(renamed).data.name, 'Ops');
});

test('categories: a category with live children is not deleted; delete/restore/purge through the recycle bin', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const create = async (name: string, parentId?: string) =>
    json<{ data: CategoryDetail }>(await call(app, 'POST', '/api/v1/categories', { cookie, body: { name, parentId } })).data;
  const parent = await create('Parent');
  const child = await create('Child', parent.id);
  const sibling = await create('Sibling', parent.id);
  await call(app, 'PUT', '/api/v1/categories/assign', { cookie, body: { targetType: 'record', targetId: 'r1', categoryIds: [child.id] } });

  const refused = await call(app, 'DELETE', `/api/v1/categories/${parent.id}`, { cookie });
  assert.equal(refused.statusCode, 409);
  assert.equal((await call(app, 'DELETE', `/api/v1/categories/${child.id}`, { cookie })).statusCode, 200);
  const detail = json<{ data: CategoryDetail }>(await call(app, 'GET', `/api/v1/categories/${parent.id}`, { cookie })).data;
  assert.deepEqual(detail.children.map((c) => `${c.name}@${c.position}`), ['Sibling@0']);
  const of = () => call(app, 'GET', '/api/v1/categories/of?targetType=record&targetId=r1', { cookie }).then((r) => json<{ data: Category[] }>(r).data);
  assert.deepEqual(await of(), []);

  const bin = recyclableOf('category')!;
  await handle.db.transaction((tx) => bin.restore(tx, child.id));
  assert.deepEqual((await of()).map((c) => c.name), ['Child']);
  const back = json<{ data: CategoryDetail }>(await call(app, 'GET', `/api/v1/categories/${parent.id}`, { cookie })).data;
  assert.deepEqual(back.children.map((c) => `${c.name}@${c.position}`), ['Sibling@0', 'Child@1']);

  // a child whose parent is deleted restores only after its parent
  await call(app, 'DELETE', `/api/v1/categories/${child.id}`, { cookie });
  await call(app, 'DELETE', `/api/v1/categories/${sibling.id}`, { cookie });
  assert.equal((await call(app, 'DELETE', `/api/v1/categories/${parent.id}`, { cookie })).statusCode, 200);
  await assert.rejects(
    handle.db.transaction((tx) => bin.restore(tx, child.id)),
    (e: { status?: number; details?: { field: string }[] }) => e.status === 409 && e.details?.[0].field === 'parentId',
  );
  // purging the parent removes the subtree and the descendants' bin rows (the bin removes the parent's own)
  await handle.db.transaction((tx) => bin.purge(tx, parent.id));
  const rows = await handle.db.query.recycleBin.findMany();
  assert.deepEqual(rows.filter((r) => r.type === 'category').map((r) => r.label), ['Parent']);
  assert.deepEqual(json<{ data: Category[] }>(await call(app, 'GET', '/api/v1/categories', { cookie })).data, []);
});
