/**
 * Workpapers, review notes and evidence (both engines; docs/engagements-papers.md): numbering per
 * engagement (concurrent creates get distinct numbers), the review flow's transitions and gates
 * (state, segregation of duties — administrators included —, open review notes, the rejection
 * comment), sign-off rows naming record versions, the review-note gate and its clearing, the
 * approved workpaper locked against the records API and evidence changes, evidence pinned on
 * approval, revision, access, and one audit entry per request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { ActionOption, AuditModel, EvidenceItem, RecordItem, Signoff } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, json, login } from '../../test/helpers';
import { applicationWithMembers, multipartBody, type MemberSession } from '../../test/records-support';
import { extractionsSettled } from '../documents/documents.extract';
import { addTestMember } from '../records/records.test-support';
import { createAuditRecord, enableAudit, readAuditRecord } from './engagements.test-support';

describe('audit papers: workpapers, review notes, evidence', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string; id: string };
  let m: { viewer: MemberSession; editor: MemberSession; owner: MemberSession; outsider: MemberSession };
  let editor2: MemberSession;
  let model: AuditModel;
  let e1 = '';
  let e2 = '';
  const slug = 'papers';
  const base = `/api/v1/applications/${slug}/audit`;
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: object) =>
    call(ctx.app, method, url.startsWith('/api') ? url : `${base}${url}`, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const create = async (cookie: string, engagementId: string, title: string) => {
    const res = await req('POST', '/workpapers', cookie, { engagementId, title, content: '<p>work</p>' });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: RecordItem }>(res).data;
  };
  const act = (cookie: string, id: string, action: string, comment?: string) => req('POST', `/workpapers/${id}/transition`, cookie, { action, ...(comment ? { comment } : {}) });
  const refusedBy = (res: Awaited<ReturnType<typeof call>>) => {
    assert.equal(res.statusCode, 409, res.body);
    const body = json<{ errorCode: string; details: { field: string; message: string }[] }>(res);
    assert.equal(body.errorCode, 'TRANSITION_REFUSED');
    return body.details.map((d) => d.message);
  };
  const entries = async (targetId: string) =>
    (await ctx.handle.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).map((e) => e.action);

  before(async () => {
    ctx = await createTestApp();
    const s = await adminSession(ctx.app);
    admin = { cookie: s.cookie, id: s.user.id };
    m = await applicationWithMembers(ctx.app, admin.cookie, slug);
    model = await enableAudit(ctx.app, admin.cookie, slug);
    const u = await createUser(ctx.app, admin.cookie, { email: 'papers-editor2@example.com', name: 'Second editor' });
    await addTestMember(ctx.app, admin.cookie, slug, u.email, 'editor');
    editor2 = { id: u.user.id, cookie: await login(ctx.app, u.email) };
    e1 = (await createAuditRecord(ctx.app, admin.cookie, slug, model, 'engagement', { title: 'Payroll audit' })).id;
    e2 = (await createAuditRecord(ctx.app, admin.cookie, slug, model, 'engagement', { title: 'Treasury audit' })).id;
  });
  after(async () => {
    await extractionsSettled();
    await ctx.close();
  });

  it('numbers workpapers per engagement, concurrent creates included', async () => {
    const a = await create(m.editor.cookie, e1, 'Payroll walkthrough');
    const b = await create(m.editor.cookie, e1, 'Payroll test of controls');
    const c = await create(m.editor.cookie, e2, 'Treasury walkthrough');
    assert.deepEqual([a.values.number, b.values.number, c.values.number], ['WP-001', 'WP-002', 'WP-001']);
    assert.equal(a.values.status, 'draft');
    assert.equal(Number(a.values.revision), 1);
    assert.equal(a.values.engagement, e1);
    const many = await Promise.all([1, 2, 3, 4, 5].map((i) => create(m.editor.cookie, e1, `Concurrent ${i}`)));
    assert.deepEqual(many.map((w) => w.values.number).sort(), ['WP-003', 'WP-004', 'WP-005', 'WP-006', 'WP-007']);
    // a bad engagement or a procedure of another engagement names the field
    const bad = await req('POST', '/workpapers', m.editor.cookie, { engagementId: c.id, title: 'x' });
    assert.equal(bad.statusCode, 400);
    assert.equal(json<{ details: { field: string }[] }>(bad).details[0].field, 'engagementId');
    const p2 = await createAuditRecord(ctx.app, m.editor.cookie, slug, model, 'procedure', { title: 'Treasury test', engagement: e2 });
    const badP = await req('POST', '/workpapers', m.editor.cookie, { engagementId: e1, procedureId: p2.id, title: 'x' });
    assert.equal(json<{ details: { field: string }[] }>(badP).details[0].field, 'procedureId');
    assert.deepEqual(await entries(a.id), ['workpaper.create']);
    // the number is managed: the records API refuses it
    const patch = await req('PATCH', `/api/v1/applications/${slug}/subjects/${model.subjects.workpaper.key}/records/${a.id}`, m.editor.cookie, { version: a.version, values: { number: 'WP-999' } });
    assert.equal(patch.statusCode, 400);
  });

  it('walks the review flow with its gates, review notes, sign-offs, locking, evidence pinning and revision', async () => {
    const wp = await create(m.editor.cookie, e1, 'Payroll reconciliation');
    const wpUrl = `/workpapers/${wp.id}`;
    // evidence on the draft: attach (twice: unchanged), a foreign id names documentId, detach and attach again
    const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'payroll.txt', type: 'text/plain', content: 'payroll ledger v1\n' }]);
    const up = await call(ctx.app, 'POST', `/api/v1/applications/${slug}/documents/upload`, { cookie: m.editor.cookie, body, headers: { 'content-type': contentType } });
    assert.equal(up.statusCode, 201, up.body);
    const docId = json<{ data: { items: { document: { id: string } }[] } }>(up).data.items[0].document.id;
    const attach = await req('POST', `${wpUrl}/evidence`, m.editor.cookie, { documentId: docId });
    assert.equal(attach.statusCode, 200, attach.body);
    assert.equal(json<{ data: EvidenceItem[] }>(attach).data[0].versionId, null);
    assert.equal(json<{ unchanged?: boolean }>(await req('POST', `${wpUrl}/evidence`, m.editor.cookie, { documentId: docId })).unchanged, true);
    const foreign = await req('POST', `${wpUrl}/evidence`, m.editor.cookie, { documentId: wp.id });
    assert.equal(json<{ details: { field: string }[] }>(foreign).details[0].field, 'documentId');
    assert.equal((await req('DELETE', `${wpUrl}/evidence/${docId}`, m.editor.cookie)).statusCode, 200);
    assert.equal((await req('POST', `${wpUrl}/evidence`, m.editor.cookie, { documentId: docId })).statusCode, 200);

    // draft: only submit; review refused by state
    const actions = json<{ data: { status: string; actions: ActionOption[] } }>(await req('GET', `${wpUrl}/actions`, m.editor.cookie)).data;
    assert.equal(actions.status, 'draft');
    assert.deepEqual(actions.actions.map((a) => [a.action, a.to, a.allowed]), [['submit', 'pending_review', true]]);
    assert.deepEqual(refusedBy(await act(m.owner.cookie, wp.id, 'review')), ['This action is not possible from the current status']);

    // submit by the preparer: a prepared sign-off naming the version written
    const sub = await act(m.editor.cookie, wp.id, 'submit');
    assert.equal(sub.statusCode, 200, sub.body);
    const subData = json<{ data: { status: string; transition: { from: string; to: string; action: string }; signoff: Signoff } }>(sub).data;
    assert.equal(subData.status, 'pending_review');
    assert.deepEqual([subData.transition.action, subData.transition.from, subData.transition.to], ['submit', 'draft', 'pending_review']);
    let rec = await readAuditRecord(ctx.app, admin.cookie, slug, model, 'workpaper', wp.id);
    assert.equal(subData.signoff.role, 'prepared');
    assert.equal(subData.signoff.recordVersion, rec.version);
    assert.equal(rec.values.prepared_by, m.editor.id);
    assert.ok(rec.values.prepared_at);

    // the preparer cannot review; a reviewer's open note blocks review until the preparer clears it
    assert.deepEqual(refusedBy(await act(m.editor.cookie, wp.id, 'review')), ['The reviewer and the approver must be someone other than the preparer']);
    const note = await createAuditRecord(ctx.app, m.owner.cookie, slug, model, 'review_note', { note: 'Tie totals to the ledger', engagement: e1, workpaper: wp.id });
    assert.equal(note.values.status, 'open');
    assert.deepEqual(refusedBy(await act(m.owner.cookie, wp.id, 'review')), ['Open review notes must be cleared first']);
    const ownerActions = json<{ data: { actions: ActionOption[] } }>(await req('GET', `${wpUrl}/actions`, m.owner.cookie)).data.actions;
    const review = ownerActions.find((a) => a.action === 'review')!;
    assert.equal(review.allowed, false);
    assert.deepEqual(review.reasons, ['Open review notes must be cleared first']);
    assert.equal(ownerActions.find((a) => a.action === 'reject')!.allowed, true);
    // only the preparer (or an owner) clears it
    assert.equal((await req('POST', `/review-notes/${note.id}/clear`, editor2.cookie, { response: 'done' })).statusCode, 403);
    const cleared = await req('POST', `/review-notes/${note.id}/clear`, m.editor.cookie, { response: 'Tied to ledger p.4' });
    assert.equal(cleared.statusCode, 200, cleared.body);
    const clearedNote = json<{ data: RecordItem }>(cleared).data;
    assert.equal(clearedNote.values.status, 'cleared');
    assert.equal(clearedNote.values.cleared_by, m.editor.id);
    assert.equal(clearedNote.values.response, 'Tied to ledger p.4');
    assert.equal(refusedBy(await req('POST', `/review-notes/${note.id}/clear`, m.editor.cookie, {})).length, 1);
    assert.deepEqual(await entries(note.id), ['record.create', 'review_note.clear']);

    // review by the owner; the preparer cannot approve; a reject needs a comment
    const rev = await act(m.owner.cookie, wp.id, 'review');
    assert.equal(rev.statusCode, 200, rev.body);
    assert.equal(json<{ data: { signoff: Signoff } }>(rev).data.signoff.role, 'reviewed');
    assert.deepEqual(refusedBy(await act(m.editor.cookie, wp.id, 'approve')), ['The reviewer and the approver must be someone other than the preparer']);
    assert.deepEqual(refusedBy(await act(m.owner.cookie, wp.id, 'reject')), ['A rejection needs a comment']);
    // approve by another editor: locked, evidence pinned
    const appr = await act(editor2.cookie, wp.id, 'approve', 'fine');
    assert.equal(appr.statusCode, 200, appr.body);
    rec = await readAuditRecord(ctx.app, admin.cookie, slug, model, 'workpaper', wp.id);
    assert.equal(rec.values.status, 'approved');
    assert.equal(rec.values.approved_by, editor2.id);
    const signoffs = json<{ data: Signoff[] }>(await req('GET', `${wpUrl}/signoffs`, m.viewer.cookie)).data;
    assert.deepEqual(signoffs.map((s) => [s.role, s.userId]), [['prepared', m.editor.id], ['reviewed', m.owner.id], ['approved', editor2.id]]);
    assert.equal(signoffs[2].recordVersion, rec.version);
    assert.ok(signoffs[0].recordVersion < signoffs[1].recordVersion && signoffs[1].recordVersion < signoffs[2].recordVersion);
    const pinned = json<{ data: EvidenceItem[] }>(await req('GET', `${wpUrl}/evidence`, m.viewer.cookie)).data;
    assert.equal(pinned.length, 1);
    assert.ok(pinned[0].versionId);
    assert.equal(pinned[0].versionNumber, 1);
    assert.ok(pinned[0].lockedAt);
    assert.equal(pinned[0].name, 'payroll.txt');
    const transitions = json<{ data: { action: string }[] }>(await req('GET', `${wpUrl}/transitions`, m.viewer.cookie)).data;
    assert.deepEqual(transitions.map((t) => t.action), ['approve', 'review', 'submit']);

    // locked: records API PATCH/DELETE, evidence detach and attach
    const recUrl = `/api/v1/applications/${slug}/subjects/${model.subjects.workpaper.key}/records/${wp.id}`;
    const patch = await req('PATCH', recUrl, admin.cookie, { version: rec.version, values: { title: 'changed' } });
    assert.equal(patch.statusCode, 409, patch.body);
    assert.equal(json<{ errorCode: string }>(patch).errorCode, 'RECORD_LOCKED');
    const del = await req('DELETE', recUrl, admin.cookie);
    assert.equal(json<{ errorCode: string }>(del).errorCode, 'RECORD_LOCKED');
    const detach = await req('DELETE', `${wpUrl}/evidence/${docId}`, m.editor.cookie);
    assert.equal(detach.statusCode, 409);
    assert.equal(json<{ errorCode: string }>(detach).errorCode, 'RECORD_LOCKED');
    assert.equal((await req('POST', `${wpUrl}/evidence`, m.editor.cookie, { documentId: docId })).statusCode, 409);
    assert.deepEqual(json<{ data: { actions: ActionOption[] } }>(await req('GET', `${wpUrl}/actions`, m.owner.cookie)).data.actions, []);

    // revise: a new draft of the same number, revision 2, evidence copied unpinned; only once
    const revised = await req('POST', `${wpUrl}/revise`, m.editor.cookie);
    assert.equal(revised.statusCode, 201, revised.body);
    const next = json<{ data: RecordItem }>(revised).data;
    assert.deepEqual([next.values.number, Number(next.values.revision), next.values.supersedes, next.values.status, next.values.title, next.values.engagement], [
      wp.values.number,
      2,
      wp.id,
      'draft',
      'Payroll reconciliation',
      e1,
    ]);
    const copied = json<{ data: EvidenceItem[] }>(await req('GET', `/workpapers/${next.id}/evidence`, m.editor.cookie)).data;
    assert.deepEqual(copied.map((e) => [e.documentId, e.versionId, e.lockedAt]), [[docId, null, null]]);
    assert.equal(refusedBy(await req('POST', `${wpUrl}/revise`, m.editor.cookie)).length, 1);
    assert.equal(refusedBy(await req('POST', `/workpapers/${next.id}/revise`, m.editor.cookie)).length, 1);

    assert.deepEqual((await entries(wp.id)).sort(), [
      'workpaper.attach',
      'workpaper.attach',
      'workpaper.create',
      'workpaper.detach',
      'workpaper.transition',
      'workpaper.transition',
      'workpaper.transition',
    ]);
    assert.deepEqual(await entries(next.id), ['workpaper.revise']);
  });

  it('rejects with a comment, reopens, and holds administrators to segregation too', async () => {
    const wp = await create(admin.cookie, e2, 'Bank confirmations');
    assert.equal((await act(admin.cookie, wp.id, 'submit')).statusCode, 200);
    assert.equal((await act(m.owner.cookie, wp.id, 'review')).statusCode, 200);
    assert.deepEqual(refusedBy(await act(admin.cookie, wp.id, 'approve')), ['The reviewer and the approver must be someone other than the preparer']);
    const rej = await act(m.owner.cookie, wp.id, 'reject', 'Missing two confirmations');
    assert.equal(rej.statusCode, 200, rej.body);
    assert.equal(json<{ data: { status: string; transition: { comment: string } } }>(rej).data.transition.comment, 'Missing two confirmations');
    assert.deepEqual(refusedBy(await act(m.owner.cookie, wp.id, 'approve')), ['This action is not possible from the current status']);
    const statusAfter = json<{ data: { status: string; actions: ActionOption[] } }>(await req('GET', `/workpapers/${wp.id}/actions`, admin.cookie)).data;
    assert.equal(statusAfter.status, 'rejected');
    assert.deepEqual(statusAfter.actions.map((a) => a.action), ['submit', 'reopen']);
    const reopen = await act(admin.cookie, wp.id, 'reopen');
    assert.equal(json<{ data: { status: string } }>(reopen).data.status, 'draft');
    const rec = await readAuditRecord(ctx.app, admin.cookie, slug, model, 'workpaper', wp.id);
    assert.equal(rec.values.reviewed_by, null);
    const rows = await ctx.handle.db.select().from(auditLog).where(and(eq(auditLog.targetId, wp.id), eq(auditLog.action, 'workpaper.transition')));
    assert.equal(rows.length, 4);
  });

  it('checks access: viewers read, outsiders are refused, writes need an editor', async () => {
    const wp = await create(m.editor.cookie, e1, 'Access check');
    assert.equal((await req('GET', `/workpapers/${wp.id}/actions`, m.viewer.cookie)).statusCode, 200);
    assert.equal((await req('POST', '/workpapers', m.viewer.cookie, { engagementId: e1, title: 'no' })).statusCode, 403);
    assert.equal((await act(m.viewer.cookie, wp.id, 'submit')).statusCode, 403);
    assert.equal((await req('GET', `/workpapers/${wp.id}/actions`, m.outsider.cookie)).statusCode, 403);
    assert.equal((await req('GET', `/workpapers/${wp.id}/signoffs`, m.outsider.cookie)).statusCode, 403);
    assert.equal((await req('GET', `/workpapers/${e1}/actions`, m.viewer.cookie)).statusCode, 404);
  });
});
