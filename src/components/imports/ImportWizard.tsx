/**
 * The import wizard, antd Steps over the imports API:
 * upload (Upload.Dragger: CSV, XLSX, JSON; the text encoding of CSV/JSON: detected, or chosen here
 * or on the mapping step, which reads the file again; a JSON object holding its rows under a key:
 * the keys holding arrays of objects are offered, the only one proposed; a file that cannot be read
 * is said inline, not in a toast) → column mapping (auto-matched, editable, in the file's column
 * order) → mode (insert / update / upsert; the key fields, a unique mapped field proposed; update
 * and upsert without a key are said on the key picker) → dry run, run with those choices (counts,
 * every bad row's errors, the first rows as converted; any choice changed since makes the figures
 * stale and "Start import" waits for a new check; all-or-nothing or skip bad rows) → import (a
 * progress bar polling the batch, then the result: counts, error report, undo).
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Progress, Radio, Result, Select, Space, Steps, Typography, Upload, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ImportBatch, ImportSettings, JsonArrayChoice } from '../../../contracts';
import {
  IMPORT_ENCODINGS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportEncoding,
  type ImportTextEncoding,
} from '../../../contracts/constants';
import { ApiError, toApiError } from '../../services/api-error';
import { checkImport, getImport, importErrorReportUrl, runImport, uploadImport } from '../../services/imports';
import { getSubject } from '../../services/subjects';
import { download } from '../../utils/download';
import { CheckCounts, ErrorTable, PreviewTable, WarningTable } from './CheckTables';
import { ImportTaskLink } from './ImportHistory';
import MappingStep from './MappingStep';
import UndoImportButton, { countsOf } from './UndoImportButton';
import { checkSignature, jsonArraysOf, keyCandidates, needsKey, proposedKeyFields } from './wizard-logic';
import { keys } from '../../services/query-keys';

/** How an encoding the server read a file in is shown. */
const ENCODING_NAMES: Record<ImportTextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  gb18030: 'GB18030',
};

/** The wizard's steps, in order. */
const STEPS = ['upload', 'mapping', 'mode', 'check', 'run'] as const;
const [UPLOAD, MAPPING, MODE, CHECK, RUN] = [0, 1, 2, 3, 4];

/**
 * The import wizard of one subject. `onChanged` is called when an import ran or was undone (the
 * page reloads its history).
 */
export default function ImportWizard({
  app,
  subjectKey,
  onChanged,
}: {
  app: string;
  subjectKey: string;
  onChanged?: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const subject = useQuery({ queryKey: keys('subjects').detail(app, subjectKey), queryFn: () => getSubject(app, subjectKey) });
  const [step, setStep] = useState(UPLOAD);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const [sample, setSample] = useState<string[][]>([]);
  const [settings, setSettings] = useState<ImportSettings>({
    mapping: {},
    mode: 'insert',
    keyFields: [],
    onError: 'all_or_nothing',
  });
  // the signature (checkSignature) of the settings the batch's figures were checked with; null: not checked
  const [checkedWith, setCheckedWith] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  // a failed upload or check, said on the page (not a toast); `keyError`: the server's word on the key fields
  const [problem, setProblem] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  // a JSON object whose rows sit under a key: the keys holding arrays of objects, the one chosen
  const [jsonArrays, setJsonArrays] = useState<JsonArrayChoice[]>([]);
  const [jsonPath, setJsonPath] = useState<string | undefined>();
  // the file uploaded (kept to read it again in another encoding), the encoding asked for, the one used
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<ImportEncoding>('auto');
  const [readAs, setReadAs] = useState<ImportTextEncoding | null>(null);

  const fields = subject.data?.fields ?? [];
  const stale = checkedWith === null || checkedWith !== checkSignature(settings);
  const change = (next: Partial<ImportSettings>) => {
    setSettings({ ...settings, ...next });
    setKeyError(null);
  };
  /** The dry run with the current settings; a 400 on the key fields is said on the key picker, anything else on the page. */
  const check = async () => {
    if (!batch) return false;
    if (needsKey(settings)) {
      setKeyError(t('imports.mode.keyRequired'));
      return false;
    }
    setBusy(true);
    setProblem(null);
    try {
      setBatch(await checkImport(batch.id, settings));
      setCheckedWith(checkSignature(settings));
      return true;
    } catch (e) {
      const err = toApiError(e);
      const onKey = err.details.find((d) => d.field === 'keyFields');
      if (onKey) setKeyError(onKey.message);
      else setProblem(err.details.map((d) => d.message).join('; ') || err.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    if (!batch) return;
    setBusy(true);
    setRunError(null);
    setStep(RUN);
    // poll the batch for the progress bar while the run's request is under way
    const timer = setInterval(() => void getImport(batch.id).then(setBatch, () => undefined), 500);
    try {
      setBatch(await runImport(batch.id, settings));
      onChanged?.();
    } catch (e) {
      const err = toApiError(e);
      setRunError(err.message);
      setBatch(await getImport(batch.id).catch(() => batch));
      setCheckedWith(null);
    } finally {
      clearInterval(timer);
      setBusy(false);
    }
  };
  const restart = () => {
    setBatch(null);
    setSample([]);
    setRunError(null);
    setProblem(null);
    setJsonArrays([]);
    setJsonPath(undefined);
    setFile(null);
    setReadAs(null);
    setCheckedWith(null);
    setStep(UPLOAD);
  };
  /**
   * Uploads `f` read in `as` (a JSON object's rows under `path`): a new batch, the mapping
   * auto-matched again, a unique mapped field proposed as the key, on to the mapping step. A JSON
   * object without `path` comes back with its arrays to choose from; any refusal is said inline.
   */
  const read = (f: File, as: ImportEncoding, path?: string) => {
    setBusy(true);
    setProblem(null);
    setFile(f);
    uploadImport(app, subjectKey, f, as, path)
      .then(
        (r) => {
          setBatch(r.batch);
          setSample(r.sample);
          setSettings({
            mapping: r.batch.mapping,
            mode: 'insert',
            keyFields: proposedKeyFields(fields, r.batch.mapping),
            onError: 'all_or_nothing',
          });
          setCheckedWith(null);
          setKeyError(null);
          setEncoding(as);
          setReadAs(r.encoding);
          setJsonArrays([]);
          message.success(t('imports.upload.read', { count: r.batch.total, name: r.batch.fileName }));
          setStep(MAPPING);
        },
        (e: unknown) => {
          const err = e instanceof ApiError ? e : toApiError(e);
          const { arrays, proposed } = jsonArraysOf(err.conflict);
          setJsonArrays(arrays);
          setJsonPath(proposed);
          if (arrays.length === 0) setProblem(err.details.map((d) => d.message).join('; ') || err.message);
        },
      )
      .finally(() => setBusy(false));
  };
  const encodingSelect = (onChange: (v: ImportEncoding) => void) => (
    <Select<ImportEncoding>
      style={{ width: 300 }}
      value={encoding}
      disabled={busy}
      onChange={onChange}
      data-testid="import-encoding"
      options={IMPORT_ENCODINGS.map((e) => ({ value: e, label: t(`imports.encoding.${e}`) }))}
    />
  );
  const problemAlert = problem && (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={problem}
      closable
      onClose={() => setProblem(null)}
      data-testid="import-problem"
    />
  );

  if (!subject.data) return <Card loading />;
  const keyOptions = keyCandidates(fields, settings.mapping).map((f) => ({
    value: f.key,
    label: f.unique ? `${f.name} · ${t('imports.mode.unique')}` : f.name,
  }));
  const nav = (back: number | null, next: React.ReactNode) => (
    <Space style={{ marginTop: 16 }} wrap>
      {back !== null && (
        <Button onClick={() => setStep(back)} data-testid="import-back">
          {t('imports.back')}
        </Button>
      )}
      {next}
    </Space>
  );

  const upload = (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text strong>{t('imports.encoding.label')}</Typography.Text>
        {encodingSelect(setEncoding)}
        <Typography.Text type="secondary">{t('imports.encoding.hint')}</Typography.Text>
      </Space>
      {problemAlert}
      {jsonArrays.length > 0 && file && (
        <Alert
          type="info"
          showIcon
          data-testid="import-json-pick"
          message={t('imports.json.pick', { name: file.name })}
          description={
            <Space wrap style={{ marginTop: 8 }}>
              <Select
                style={{ width: 320 }}
                placeholder={t('imports.json.pickHint')}
                value={jsonPath}
                onChange={setJsonPath}
                options={jsonArrays.map((a) => ({ value: a.key, label: t('imports.json.array', { key: a.key, count: a.rows }) }))}
                data-testid="import-json-path"
              />
              <Button
                type="primary"
                disabled={!jsonPath}
                loading={busy}
                onClick={() => jsonPath && read(file, encoding, jsonPath)}
                data-testid="import-json-read"
              >
                {t('imports.json.read')}
              </Button>
            </Space>
          }
        />
      )}
      <Upload.Dragger
        accept=".csv,.xlsx,.json,.txt"
        showUploadList={false}
        disabled={busy}
        customRequest={({ file: f }) => read(f as File, encoding)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('imports.upload.drag')}</p>
        <p className="ant-upload-hint">
          {t('imports.upload.hint', { rows: IMPORT_MAX_ROWS, mb: IMPORT_MAX_BYTES / 1024 / 1024 })}
        </p>
      </Upload.Dragger>
    </Space>
  );

  const modeLabel = t(`imports.mode.${settings.mode}`);
  const keyNames = settings.keyFields.map((k) => fields.find((f) => f.key === k)?.name ?? k).join(', ');
  const body = (() => {
    if (step === UPLOAD || !batch) return upload;
    if (step === MAPPING)
      return (
        <>
          {file && readAs && (
            <Space wrap style={{ marginBottom: 16 }} data-testid="import-read-as">
              <Typography.Text strong>{t('imports.encoding.label')}</Typography.Text>
              {encodingSelect((v) => read(file, v, batch.format === 'json' ? jsonPath : undefined))}
              <Typography.Text type="secondary">
                {t('imports.encoding.read', { encoding: ENCODING_NAMES[readAs] })}
              </Typography.Text>
            </Space>
          )}
          {problemAlert}
          <MappingStep
            subject={subject.data}
            headers={batch.headers}
            sample={sample}
            mapping={settings.mapping}
            onChange={(mapping) => change({ mapping })}
          />
          {nav(
            null,
            <Button type="primary" data-testid="import-next" onClick={() => setStep(MODE)}>
              {t('imports.next')}
            </Button>,
          )}
        </>
      );
    if (step === MODE)
      return (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('imports.mode.first')}
          </Typography.Paragraph>
          <div>
            <Typography.Text strong>{t('imports.mode.label')}</Typography.Text>
            <Radio.Group
              style={{ display: 'flex', flexDirection: 'column', marginTop: 8 }}
              value={settings.mode}
              onChange={(e) => {
                const mode = e.target.value as ImportSettings['mode'];
                // update/upsert need a key: a unique mapped field is proposed when none is chosen
                change({
                  mode,
                  keyFields:
                    mode !== 'insert' && settings.keyFields.length === 0
                      ? proposedKeyFields(fields, settings.mapping)
                      : settings.keyFields,
                });
              }}
              data-testid="import-mode"
            >
              <Radio value="insert">{t('imports.mode.insert')}</Radio>
              <Radio value="update">{t('imports.mode.update')}</Radio>
              <Radio value="upsert">{t('imports.mode.upsert')}</Radio>
            </Radio.Group>
          </div>
          {settings.mode !== 'insert' && (
            <Form name="import-key" layout="vertical" component="div">
              <Form.Item
                label={<Typography.Text strong>{t('imports.mode.keyFields')}</Typography.Text>}
                validateStatus={keyError || needsKey(settings) ? 'error' : undefined}
                help={keyError ?? (needsKey(settings) ? t('imports.mode.keyRequired') : t('imports.mode.keyHint'))}
                style={{ maxWidth: 480, marginBottom: 0 }}
              >
                <Select
                  mode="multiple"
                  value={settings.keyFields}
                  options={keyOptions}
                  onChange={(keyFields: string[]) => change({ keyFields })}
                  data-testid="import-key-fields"
                />
              </Form.Item>
            </Form>
          )}
          {problemAlert}
          {nav(
            MAPPING,
            <Button
              type="primary"
              loading={busy}
              disabled={needsKey(settings)}
              data-testid="import-check"
              onClick={() => void (stale ? check() : Promise.resolve(true)).then((ok) => ok && setStep(CHECK))}
            >
              {t('imports.mode.check')}
            </Button>,
          )}
        </Space>
      );
    if (step === CHECK)
      return (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary" data-testid="import-checked-with">
            {settings.mode === 'insert'
              ? t('imports.check.with', { mode: modeLabel })
              : t('imports.check.withKey', { mode: modeLabel, keys: keyNames })}
          </Typography.Text>
          {stale && (
            <Alert
              type="warning"
              showIcon
              message={t('imports.check.stale')}
              data-testid="import-stale"
              action={
                <Button size="small" loading={busy} onClick={() => void check()} data-testid="import-recheck">
                  {t('imports.mode.recheck')}
                </Button>
              }
            />
          )}
          {problemAlert}
          <CheckCounts batch={batch} />
          <ErrorTable batch={batch} />
          <WarningTable batch={batch} />
          <PreviewTable batch={batch} subject={subject.data} />
          <div>
            <Typography.Text strong>{t('imports.mode.onError')}</Typography.Text>
            <Radio.Group
              style={{ display: 'flex', flexDirection: 'column', marginTop: 8 }}
              value={settings.onError}
              onChange={(e) => setSettings({ ...settings, onError: e.target.value as ImportSettings['onError'] })}
              data-testid="import-on-error"
            >
              <Radio value="all_or_nothing">{t('imports.mode.allOrNothing')}</Radio>
              <Radio value="skip_bad_rows">{t('imports.mode.skipBadRows')}</Radio>
            </Radio.Group>
          </div>
          {nav(
            MODE,
            <>
              {batch.invalid > 0 && !stale && (
                <Button onClick={() => download(importErrorReportUrl(batch.id))}>{t('imports.result.report')}</Button>
              )}
              <Button type="primary" loading={busy} disabled={stale} onClick={() => void run()} data-testid="import-run">
                {t('imports.run.start')}
              </Button>
            </>,
          )}
        </Space>
      );
    // the run: progress, then the result
    const done = batch.status === 'done' || batch.status === 'undone';
    if (busy) {
      return (
        <div data-testid="import-progress">
          <Progress percent={batch.total ? Math.round((100 * batch.processed) / batch.total) : 0} status="active" />
          <Typography.Text type="secondary">
            {t('imports.run.running', { processed: batch.processed, total: batch.total })}
          </Typography.Text>{' '}
          <ImportTaskLink batch={batch} />
        </div>
      );
    }
    return (
      <div data-testid="import-result">
        <Result
          status={done ? 'success' : runError ? 'warning' : 'error'}
          title={done ? t('imports.result.done') : (runError ?? t('imports.result.failed'))}
          subTitle={
            done || batch.taskId ? (
              <Space size={12} wrap>
                {done ? t('imports.result.counts', countsOf(batch)) : null}
                <ImportTaskLink batch={batch} />
              </Space>
            ) : undefined
          }
          extra={[
            batch.invalid > 0 && (
              <Button key="report" onClick={() => download(importErrorReportUrl(batch.id))} data-testid="import-report">
                {t('imports.result.report')}
              </Button>
            ),
            batch.status === 'done' && (
              <UndoImportButton
                key="undo"
                batch={batch}
                onDone={(r) => {
                  setBatch(r.batch);
                  onChanged?.();
                }}
              />
            ),
            !done && (
              <Button
                key="back"
                data-testid="import-back"
                onClick={() => {
                  // the batch was checked again by the run: its figures match these settings
                  if (batch.status === 'validated') setCheckedWith(checkSignature(settings));
                  setStep(CHECK);
                }}
              >
                {t('imports.back')}
              </Button>
            ),
            <Button key="again" type="primary" onClick={restart} data-testid="import-again">
              {t('imports.result.again')}
            </Button>,
          ]}
        />
      </div>
    );
  })();

  return (
    <Card data-testid="import-wizard">
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={STEPS.map((s) => ({ title: t(`imports.steps.${s}`) }))}
      />
      {batch && step > UPLOAD && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          message={t('imports.upload.read', { count: batch.total, name: batch.fileName })}
          showIcon
        />
      )}
      {body}
    </Card>
  );
}
