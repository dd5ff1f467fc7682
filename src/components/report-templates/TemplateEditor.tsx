/**
 * The report template editor (`/:app/report_template/:templateId`, docs/report-templates.md): the
 * Liquid body in a monospace text area with a field picker (the bound subject's fields and, for
 * each related list, a loop and its records' fields, inserted at the cursor), partials, page
 * settings, the Word template upload; Save (Ctrl+S) writes the next version (a stale version says
 * so and keeps the edits). Beside it the live preview: the body (saved or not) rendered over a
 * record the author picks, debounced, in a sandboxed iframe without scripts, with the completeness
 * list under it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Collapse,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  message,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Field, ReportFormat, ReportPageSettings, ReportPreviewResult, ReportTemplate, SubjectDetail } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { listRecords } from '../../services/records';
import { getSubject, listAppSubjectOptions } from '../../services/subjects';
import { cspNonce } from '../../csp';
import { useT } from '../useT';
import { docxUrl, getPdfAvailability, previewTemplate, startRender, updateTemplate, uploadDocx } from './api';
import TemplateRenders from './TemplateRenders';
import { loopSnippet, placeholder } from './starter';

/** Milliseconds the preview waits after the last keystroke. */
const PREVIEW_DEBOUNCE_MS = 600;

interface PartialDraft {
  name: string;
  text: string;
}

interface Draft {
  name: string;
  body: string;
  partials: PartialDraft[];
  page: ReportPageSettings;
}

const toDraft = (tpl: ReportTemplate): Draft => ({
  name: tpl.name,
  body: tpl.body,
  partials: Object.entries(tpl.partials).map(([name, text]) => ({ name, text })),
  page: tpl.page,
});
const partialsOf = (d: Draft) => Object.fromEntries(d.partials.filter((p) => p.name.trim()).map((p) => [p.name.trim(), p.text]));

/** The editor of template `tpl` in application `app`; `onSaved` receives each saved version. */
/** The preview picker's value for "the rows of the bound record query" (no record). */
const QUERY_ROWS = '__query_rows__';

export default function TemplateEditor({
  app,
  tpl,
  canWrite,
  onSaved,
}: {
  app: string;
  tpl: ReportTemplate;
  canWrite: boolean;
  onSaved: (t: ReportTemplate) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(tpl));
  const [base, setBase] = useState<ReportTemplate>(tpl);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const body = useRef<HTMLTextAreaElement | null>(null);
  const set = (patch: Partial<Draft> | ((d: Draft) => Partial<Draft>)) =>
    setDraft((d) => ({ ...d, ...(typeof patch === 'function' ? patch(d) : patch) }));
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(toDraft(base)), [draft, base]);

  // the bound subject with its fields, and the fields of each related list's subject
  const subject = useQuery({
    queryKey: ['subjects', 'detail', app, tpl.subjectKey],
    queryFn: ({ signal }) => getSubject(app, tpl.subjectKey!, signal),
    enabled: !!tpl.subjectKey,
  });
  const related = useQuery({
    queryKey: ['report-templates', 'related', app, tpl.subjectKey, tpl.binding.relations],
    enabled: !!subject.data,
    queryFn: async () => {
      const all = await listAppSubjectOptions(app);
      const out: { key: string; name: string; fields: Field[] }[] = [];
      for (const key of tpl.binding.relations) {
        const f = subject.data!.fields.find((x) => x.key === key);
        const target = all.find((s) => s.id === f?.options.targetSubjectId);
        out.push({ key, name: f?.name ?? key, fields: target ? (await getSubject(app, target.key)).fields : [] });
      }
      return out;
    },
  });
  const pdf = useQuery({ queryKey: ['report-templates', 'pdf-availability'], queryFn: getPdfAvailability, staleTime: 60_000 });

  /** Inserts `text` at the body's cursor (or replaces the selection) and puts the cursor after it. */
  const insert = (text: string) => {
    const el = body.current;
    const at = el?.selectionStart ?? draft.body.length;
    const to = el?.selectionEnd ?? at;
    set((d) => ({ body: d.body.slice(0, at) + text + d.body.slice(to) }));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + text.length, at + text.length);
    });
  };

  const save = useCallback(async () => {
    if (!canWrite || saving) return;
    setSaving(true);
    setErrors({});
    try {
      const saved = await updateTemplate(tpl.id, {
        version: base.version,
        name: draft.name,
        body: draft.body,
        partials: partialsOf(draft),
        page: draft.page,
      });
      if (saved.version === base.version) message.info(t('reportTemplates.editor.unchanged'));
      else message.success(t('reportTemplates.editor.saved', { version: saved.version }));
      setBase(saved);
      onSaved(saved);
    } catch (err) {
      const api = toApiError(err);
      if (api.errorCode === 'STALE_VERSION') setStale(true);
      setErrors(Object.fromEntries(api.details.map((d) => [d.field, d.message])));
      message.error(api.errorCode === 'STALE_VERSION' ? t('reportTemplates.editor.stale') : api.message);
    } finally {
      setSaving(false);
    }
  }, [canWrite, saving, tpl.id, base.version, draft, t, onSaved]);

  // Ctrl+S / Cmd+S saves
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  // the record previewed, and the records to pick from (searched)
  const [recordId, setRecordId] = useState<string>();
  const [recordQ, setRecordQ] = useState('');
  const displayKey = subject.data ? displayFieldKey(subject.data) : undefined;
  const records = useQuery({
    queryKey: ['report-templates', 'preview-records', app, tpl.subjectKey, recordQ],
    queryFn: ({ signal }) => listRecords(app, tpl.subjectKey!, { current: 1, pageSize: 20, q: recordQ || undefined }, signal),
    enabled: !!tpl.subjectKey,
  });
  // a template bound to a record query previews and renders the query's rows (QUERY_ROWS) by default
  const byQuery = !!tpl.binding.recordQueryId;
  useEffect(() => {
    if (recordId) return;
    if (byQuery) setRecordId(QUERY_ROWS);
    else if (records.data?.data.length) setRecordId(records.data.data[0].id);
  }, [records.data, recordId, byQuery]);

  // the preview, debounced, cancelling the one in flight
  const [preview, setPreview] = useState<ReportPreviewResult>();
  const [previewError, setPreviewError] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  useEffect(() => {
    if (!recordId) return undefined;
    const ctl = new AbortController();
    const timer = window.setTimeout(async () => {
      setPreviewing(true);
      try {
        const res = await previewTemplate(
          tpl.id,
          { recordId: recordId === QUERY_ROWS ? null : recordId, body: draft.body, partials: partialsOf(draft), page: draft.page },
          ctl.signal,
        );
        setPreview(res);
        setPreviewError(undefined);
      } catch (err) {
        if (!ctl.signal.aborted) {
          const api = toApiError(err);
          setPreviewError(api.details.map((d) => d.message).join('; ') || api.message);
        }
      } finally {
        if (!ctl.signal.aborted) setPreviewing(false);
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      ctl.abort();
    };
  }, [tpl.id, recordId, draft]);

  const pickerOptions = useMemo(() => {
    const fields = subject.data?.fields ?? [];
    const groups = [
      {
        label: t('reportTemplates.editor.recordFields'),
        options: [
          { value: placeholder('record', 'title'), label: 'title' },
          ...fields.filter((f) => f.type !== 'relation').map((f) => ({ value: placeholder('record', f.key), label: `${f.name} (${f.key})` })),
        ],
      },
    ];
    for (const r of related.data ?? []) {
      groups.push({
        label: t('reportTemplates.editor.listFields', { name: r.name }),
        options: [
          { value: loopSnippet(r.key, r.fields), label: t('reportTemplates.editor.insertLoop', { name: r.name }) },
          { value: placeholder('item', 'title'), label: 'item.title' },
          ...r.fields.filter((f) => f.type !== 'relation').map((f) => ({ value: placeholder('item', f.key), label: `item.${f.key} (${f.name})` })),
        ],
      });
    }
    return groups;
  }, [subject.data, related.data, t]);

  const uploadWord = async (file: File) => {
    try {
      const saved = await uploadDocx(tpl.id, file);
      message.success(t('reportTemplates.editor.docxUploaded', { version: saved.version }));
      setBase(saved);
      onSaved(saved);
      void queryClient.invalidateQueries({ queryKey: ['report-templates'] });
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };

  const [renderCount, setRenderCount] = useState(0);
  const render = async (format: ReportFormat) => {
    if (!recordId) return;
    try {
      await startRender(tpl.id, recordId === QUERY_ROWS ? { format } : { format, recordIds: [recordId] });
      message.info(t('reportTemplates.render.started', { format: format.toUpperCase() }));
      setRenderCount((n) => n + 1);
    } catch (err) {
      const api = toApiError(err);
      message.error(api.details.map((d) => d.message).join('; ') || api.message);
    }
  };
  const renderBlock = (format: ReportFormat): string | undefined => {
    if (!recordId) return t('reportTemplates.preview.pickRecord');
    if (dirty) return t('reportTemplates.render.saveFirst');
    if (format === 'pdf' && pdf.data && !pdf.data.available) return t('reportTemplates.pdf.unavailable', { install: pdf.data.install ?? '' });
    if (format === 'docx' && !base.docxSha256) return t('reportTemplates.render.noDocx');
    return undefined;
  };

  const missing = preview?.missing ?? [];
  return (
    <Row gutter={16}>
      <Col xs={24} xl={12}>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          {stale ? (
            <Alert
              type="warning"
              showIcon
              message={t('reportTemplates.editor.stale')}
              action={
                <Button size="small" onClick={() => window.location.reload()}>
                  {t('reportTemplates.editor.reload')}
                </Button>
              }
            />
          ) : null}
          <Card
            size="small"
            title={
              <Space>
                <Input
                  value={draft.name}
                  onChange={(e) => set({ name: e.target.value })}
                  maxLength={100}
                  aria-label={t('reportTemplates.col.name')}
                  status={errors.name ? 'error' : undefined}
                  style={{ width: 260 }}
                  disabled={!canWrite}
                />
                <Tag color="blue">v{base.version}</Tag>
                {dirty ? <Tag color="orange">{t('reportTemplates.editor.dirty')}</Tag> : null}
              </Space>
            }
            extra={
              canWrite ? (
                <Button type="primary" onClick={() => void save()} loading={saving} disabled={!dirty} data-testid="template-save">
                  {t('reportTemplates.editor.save')}
                </Button>
              ) : null
            }
          >
            <Form layout="vertical" name="template-body">
              <Form.Item label={t('reportTemplates.editor.insert')}>
                <Select
                  showSearch
                  value={null}
                  placeholder={t('reportTemplates.editor.insert')}
                  options={pickerOptions}
                  optionFilterProp="label"
                  onChange={(v: string) => insert(v)}
                  disabled={!canWrite}
                  data-testid="template-field-picker"
                  aria-label={t('reportTemplates.editor.insert')}
                />
              </Form.Item>
              <Form.Item
                label={t('reportTemplates.editor.body')}
                extra={t('reportTemplates.editor.bodyHelp')}
                validateStatus={errors.body ? 'error' : undefined}
                help={errors.body}
              >
                <Input.TextArea
                  ref={(r) => {
                    body.current = r?.resizableTextArea?.textArea ?? null;
                  }}
                  value={draft.body}
                  onChange={(e) => set({ body: e.target.value })}
                  rows={22}
                  spellCheck={false}
                  readOnly={!canWrite}
                  style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
                  data-testid="template-body"
                  aria-label={t('reportTemplates.editor.body')}
                />
              </Form.Item>
            </Form>
            <Collapse
              items={[
                {
                  key: 'partials',
                  label: `${t('reportTemplates.editor.partials')} (${draft.partials.length})`,
                  children: (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      <Typography.Text type="secondary">
                        {t('reportTemplates.editor.partialsHelp', { tag: "{% render 'name' %}" })}
                      </Typography.Text>
                      {draft.partials.map((p, i) => (
                        <Card
                          key={i}
                          size="small"
                          title={
                            <Input
                              value={p.name}
                              placeholder={t('reportTemplates.editor.partialName')}
                              aria-label={t('reportTemplates.editor.partialName')}
                              status={errors[`partials.${p.name}`] ? 'error' : undefined}
                              onChange={(e) => set((d) => ({ partials: d.partials.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) }))}
                              style={{ width: 220 }}
                            />
                          }
                          extra={
                            <Button size="small" danger onClick={() => set((d) => ({ partials: d.partials.filter((_, j) => j !== i) }))}>
                              {t('reportTemplates.editor.removePartial')}
                            </Button>
                          }
                        >
                          <Input.TextArea
                            value={p.text}
                            rows={5}
                            spellCheck={false}
                            style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
                            onChange={(e) => set((d) => ({ partials: d.partials.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)) }))}
                          />
                          {errors[`partials.${p.name}`] ? <Typography.Text type="danger">{errors[`partials.${p.name}`]}</Typography.Text> : null}
                        </Card>
                      ))}
                      <Button onClick={() => set((d) => ({ partials: [...d.partials, { name: '', text: '' }] }))} disabled={!canWrite}>
                        {t('reportTemplates.editor.addPartial')}
                      </Button>
                    </Space>
                  ),
                },
                {
                  key: 'page',
                  label: t('reportTemplates.editor.page'),
                  children: (
                    <Form layout="vertical" name="template-page">
                      <Space wrap>
                        <Form.Item label={t('reportTemplates.editor.pageSize')}>
                          <Select
                            style={{ width: 120 }}
                            value={draft.page.size ?? 'A4'}
                            onChange={(size) => set((d) => ({ page: { ...d.page, size } }))}
                            options={['A4', 'A3', 'Letter', 'Legal'].map((v) => ({ value: v, label: v }))}
                          />
                        </Form.Item>
                        <Form.Item label={t('reportTemplates.editor.orientation')}>
                          <Select
                            style={{ width: 140 }}
                            value={draft.page.orientation ?? 'portrait'}
                            onChange={(orientation) => set((d) => ({ page: { ...d.page, orientation } }))}
                            options={[
                              { value: 'portrait', label: t('reportTemplates.editor.portrait') },
                              { value: 'landscape', label: t('reportTemplates.editor.landscape') },
                            ]}
                          />
                        </Form.Item>
                        <Form.Item label={t('reportTemplates.editor.margin')}>
                          <InputNumber
                            min={0}
                            max={50}
                            value={draft.page.marginMm ?? 15}
                            onChange={(v) => set((d) => ({ page: { ...d.page, marginMm: v ?? undefined } }))}
                          />
                        </Form.Item>
                        <Form.Item label={t('reportTemplates.editor.toc')}>
                          <Switch checked={!!draft.page.toc} onChange={(toc) => set((d) => ({ page: { ...d.page, toc } }))} aria-label={t('reportTemplates.editor.toc')} />
                        </Form.Item>
                      </Space>
                      <Form.Item
                        label={t('reportTemplates.editor.header')}
                        extra={t('reportTemplates.editor.headerHelp', { page: '{{ page }}', pages: '{{ pages }}' })}
                        validateStatus={errors['page.header'] ? 'error' : undefined}
                        help={errors['page.header']}
                      >
                        <Input value={draft.page.header ?? ''} onChange={(e) => set((d) => ({ page: { ...d.page, header: e.target.value || undefined } }))} />
                      </Form.Item>
                      <Form.Item
                        label={t('reportTemplates.editor.footer')}
                        validateStatus={errors['page.footer'] ? 'error' : undefined}
                        help={errors['page.footer']}
                      >
                        <Input value={draft.page.footer ?? ''} onChange={(e) => set((d) => ({ page: { ...d.page, footer: e.target.value || undefined } }))} />
                      </Form.Item>
                    </Form>
                  ),
                },
                {
                  key: 'docx',
                  label: `${t('reportTemplates.editor.docx')}${base.docxFileName ? `: ${base.docxFileName}` : ''}`,
                  children: (
                    <Space direction="vertical">
                      <Typography.Text type="secondary">
                        {t('reportTemplates.editor.docxHelp', { tag: '{title}', loop: '{#items}…{/items}' })}
                      </Typography.Text>
                      {base.docxFileName ? (
                        <a href={docxUrl(tpl.id)} data-testid="template-docx-download">
                          {t('reportTemplates.editor.docxDownload', { name: base.docxFileName })}
                        </a>
                      ) : (
                        <Typography.Text>{t('reportTemplates.editor.docxNone')}</Typography.Text>
                      )}
                      {dirty ? <Typography.Text type="warning">{t('reportTemplates.editor.docxSaveFirst')}</Typography.Text> : null}
                      <Upload
                        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                        showUploadList={false}
                        disabled={!canWrite || dirty}
                        beforeUpload={(file) => {
                          void uploadWord(file);
                          return false;
                        }}
                      >
                        <Button disabled={!canWrite || dirty} data-testid="template-docx-upload">
                          {base.docxFileName ? t('reportTemplates.editor.docxReplace') : t('reportTemplates.editor.docxUpload')}
                        </Button>
                      </Upload>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Space>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          size="small"
          title={t('reportTemplates.preview.title')}
          extra={
            <Select
              showSearch
              filterOption={false}
              onSearch={setRecordQ}
              value={recordId}
              onChange={setRecordId}
              placeholder={t('reportTemplates.preview.pickRecord')}
              style={{ width: 260 }}
              loading={records.isLoading}
              options={[
                ...(byQuery ? [{ value: QUERY_ROWS, label: t('reportTemplates.preview.queryRows') }] : []),
                ...(records.data?.data ?? []).map((r) => ({
                  value: r.id,
                  label: (displayKey && typeof r.values[displayKey] === 'string' ? (r.values[displayKey] as string) : '') || r.id,
                })),
              ]}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reportTemplates.preview.noRecords')} />}
              data-testid="template-preview-record"
              aria-label={t('reportTemplates.preview.record')}
            />
          }
        >
          {pdf.data && !pdf.data.available ? (
            <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('reportTemplates.pdf.unavailable', { install: pdf.data.install ?? '' })} />
          ) : null}
          {!recordId ? (
            <Empty description={records.isLoading ? t('reportTemplates.preview.loading') : t('reportTemplates.preview.noRecords')} />
          ) : (
            <Spin spinning={previewing} tip={t('reportTemplates.preview.loading')}>
              {previewError ? <Alert type="error" showIcon message={previewError} style={{ marginBottom: 8 }} data-testid="template-preview-error" /> : null}
              <iframe
                title={t('reportTemplates.preview.frame')}
                sandbox=""
                srcDoc={withNonce(preview?.html ?? '')}
                style={{ width: '100%', height: 560, border: '1px solid #f0f0f0', background: '#fff' }}
                data-testid="template-preview-frame"
              />
            </Spin>
          )}
          <div data-testid="template-missing" style={{ marginTop: 8 }}>
            <Typography.Title level={5}>
              {t('reportTemplates.missing.title')}{' '}
              {preview ? (
                missing.length ? (
                  <Tag color="orange">{t('reportTemplates.missing.count', { n: missing.length })}</Tag>
                ) : (
                  <Tag color="green">{t('reportTemplates.missing.complete')}</Tag>
                )
              ) : null}
            </Typography.Title>
            {missing.length ? (
              <List
                size="small"
                dataSource={missing}
                renderItem={(m) => (
                  <List.Item>
                    <Tag>{t(`reportTemplates.missing.${m.kind}`)}</Tag>
                    <Typography.Text code>{m.field}</Typography.Text>
                    {m.detail ? <Typography.Text type="secondary"> {m.detail}</Typography.Text> : null}
                  </List.Item>
                )}
              />
            ) : null}
          </div>
        </Card>
        {canWrite ? (
          <Card size="small" title={t('reportTemplates.render.title')} style={{ marginTop: 16 }} data-testid="template-render-card">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">{t('reportTemplates.render.help')}</Typography.Text>
              <Space wrap>
                {(['html', 'pdf', 'docx', 'xlsx'] as const).map((format) => {
                  const why = renderBlock(format);
                  return (
                    <Tooltip key={format} title={why}>
                      <Button onClick={() => void render(format)} disabled={!!why} data-testid={`template-render-${format}`}>
                        {format.toUpperCase()}
                      </Button>
                    </Tooltip>
                  );
                })}
              </Space>
              <TemplateRenders id={tpl.id} refresh={renderCount} compact />
            </Space>
          </Card>
        ) : null}
      </Col>
    </Row>
  );
}

/** The key of the subject's display field (the record's name in pickers), if it has one. */
function displayFieldKey(s: SubjectDetail): string | undefined {
  const d = (s as SubjectDetail & { displayField?: string | null }).displayField;
  return d ?? s.fields.find((f) => f.type === 'text')?.key;
}

/**
 * The preview's HTML with the page's CSP nonce on its first `<style>` (the engine's page CSS in the
 * head): a srcdoc frame inherits the page's Content-Security-Policy, which admits only `<style>`
 * tags carrying the nonce (src/csp.tsx). Styles an author writes in the body get no nonce.
 */
function withNonce(html: string): string {
  return cspNonce ? html.replace(/<style>/, `<style nonce="${cspNonce}">`) : html;
}
