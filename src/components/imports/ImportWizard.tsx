/**
 * The import wizard (issue 7 "Import and export"), antd Steps over the imports API:
 * upload (Upload.Dragger: CSV, XLSX, JSON; the text encoding of CSV/JSON: detected, or chosen here
 * or on the mapping step, which reads the file again) → column mapping (auto-matched, editable) → preview
 * (the first rows as converted, per-cell errors) → dry run (counts, every bad row's errors) →
 * mode (insert / update / upsert by key fields; all-or-nothing or skip bad rows) → import (a
 * progress bar polling the batch, then the result: counts, error report, undo).
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Radio, Result, Select, Space, Steps, Typography, Upload, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ImportBatch, ImportSettings } from '../../../contracts';
import {
  IMPORT_ENCODINGS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportEncoding,
  type ImportTextEncoding,
} from '../../../contracts/constants';
import { toApiError } from '../../services/api-error';
import { checkImport, getImport, importErrorReportUrl, runImport, uploadImport } from '../../services/imports';
import { getSubject } from '../../services/subjects';
import { download } from '../../utils/download';
import { CheckCounts, ErrorTable, PreviewTable } from './CheckTables';
import MappingStep from './MappingStep';
import UndoImportButton, { countsOf } from './UndoImportButton';

/** How an encoding the server read a file in is shown. */
const ENCODING_NAMES: Record<ImportTextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  gb18030: 'GB18030',
};

const KEY_TYPES = new Set([
  'text',
  'email',
  'url',
  'phone',
  'singleSelect',
  'autoNumber',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'user',
]);

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
  const subject = useQuery({ queryKey: ['assay', 'subject', app, subjectKey], queryFn: () => getSubject(app, subjectKey) });
  const [step, setStep] = useState(0);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const [sample, setSample] = useState<string[][]>([]);
  const [settings, setSettings] = useState<ImportSettings>({
    mapping: {},
    mode: 'insert',
    keyFields: [],
    onError: 'all_or_nothing',
  });
  const [busy, setBusy] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  // the file uploaded (kept to read it again in another encoding), the encoding asked for, the one used
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<ImportEncoding>('auto');
  const [readAs, setReadAs] = useState<ImportTextEncoding | null>(null);

  const fail = (e: unknown) => message.error(toApiError(e).message);
  const check = async (next = settings) => {
    if (!batch) return false;
    setBusy(true);
    try {
      setBatch(await checkImport(batch.id, next));
      return true;
    } catch (e) {
      fail(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    if (!batch) return;
    setBusy(true);
    setRunError(null);
    setStep(5);
    // poll the batch for the progress bar while the run's request is under way
    const timer = setInterval(() => void getImport(batch.id).then(setBatch, () => undefined), 500);
    try {
      setBatch(await runImport(batch.id, settings));
      onChanged?.();
    } catch (e) {
      const err = toApiError(e);
      setRunError(err.message);
      setBatch(await getImport(batch.id).catch(() => batch));
    } finally {
      clearInterval(timer);
      setBusy(false);
    }
  };
  const restart = () => {
    setBatch(null);
    setSample([]);
    setRunError(null);
    setFile(null);
    setReadAs(null);
    setStep(0);
  };
  /** Uploads `f` read in `as`: a new batch, the mapping auto-matched again, on to the mapping step. */
  const read = (f: File, as: ImportEncoding) => {
    setBusy(true);
    uploadImport(app, subjectKey, f, as)
      .then((r) => {
        setBatch(r.batch);
        setSample(r.sample);
        setSettings({ mapping: r.batch.mapping, mode: 'insert', keyFields: [], onError: 'all_or_nothing' });
        setFile(f);
        setEncoding(as);
        setReadAs(r.encoding);
        message.success(t('imports.upload.read', { count: r.batch.total, name: r.batch.fileName }));
        setStep(1);
      }, fail)
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

  if (!subject.data) return <Card loading />;
  const fields = subject.data.fields;
  const mappedKeys = Object.values(settings.mapping).filter(Boolean) as string[];
  const keyOptions = fields
    .filter((f) => mappedKeys.includes(f.key) && KEY_TYPES.has(f.type))
    .map((f) => ({ value: f.key, label: f.name }));
  const nav = (back: number | null, next: React.ReactNode) => (
    <Space style={{ marginTop: 16 }}>
      {back !== null && <Button onClick={() => setStep(back)}>{t('imports.back')}</Button>}
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

  const body = (() => {
    if (step === 0 || !batch) return upload;
    if (step === 1)
      return (
        <>
          {file && readAs && (
            <Space wrap style={{ marginBottom: 16 }} data-testid="import-read-as">
              <Typography.Text strong>{t('imports.encoding.label')}</Typography.Text>
              {encodingSelect((v) => read(file, v))}
              <Typography.Text type="secondary">
                {t('imports.encoding.read', { encoding: ENCODING_NAMES[readAs] })}
              </Typography.Text>
            </Space>
          )}
          <MappingStep
            subject={subject.data}
            headers={batch.headers}
            sample={sample}
            mapping={settings.mapping}
            onChange={(mapping) => setSettings({ ...settings, mapping })}
          />
          {nav(
            null,
            <Button
              type="primary"
              loading={busy}
              data-testid="import-next"
              onClick={() => void check().then((ok) => ok && setStep(2))}
            >
              {t('imports.next')}
            </Button>,
          )}
        </>
      );
    if (step === 2)
      return (
        <>
          <PreviewTable batch={batch} subject={subject.data} />
          {nav(
            1,
            <Button type="primary" data-testid="import-next" onClick={() => setStep(3)}>
              {t('imports.next')}
            </Button>,
          )}
        </>
      );
    if (step === 3)
      return (
        <>
          <CheckCounts batch={batch} />
          <div style={{ marginTop: 16 }}>
            <ErrorTable batch={batch} />
          </div>
          {nav(
            2,
            <>
              {batch.invalid > 0 && (
                <Button onClick={() => download(importErrorReportUrl(batch.id))}>{t('imports.result.report')}</Button>
              )}
              <Button type="primary" data-testid="import-next" onClick={() => setStep(4)}>
                {t('imports.next')}
              </Button>
            </>,
          )}
        </>
      );
    if (step === 4)
      return (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <Typography.Text strong>{t('imports.mode.label')}</Typography.Text>
            <Radio.Group
              style={{ display: 'flex', flexDirection: 'column', marginTop: 8 }}
              value={settings.mode}
              onChange={(e) => setSettings({ ...settings, mode: e.target.value as ImportSettings['mode'] })}
              data-testid="import-mode"
            >
              <Radio value="insert">{t('imports.mode.insert')}</Radio>
              <Radio value="update">{t('imports.mode.update')}</Radio>
              <Radio value="upsert">{t('imports.mode.upsert')}</Radio>
            </Radio.Group>
          </div>
          {settings.mode !== 'insert' && (
            <div>
              <Typography.Text strong>{t('imports.mode.keyFields')}</Typography.Text>
              <Select
                mode="multiple"
                style={{ display: 'block', maxWidth: 480, marginTop: 8 }}
                value={settings.keyFields}
                options={keyOptions}
                onChange={(keyFields: string[]) => setSettings({ ...settings, keyFields })}
                data-testid="import-key-fields"
              />
              <Typography.Text type="secondary">{t('imports.mode.keyHint')}</Typography.Text>
            </div>
          )}
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
          <CheckCounts batch={batch} />
          {nav(
            3,
            <>
              <Button loading={busy} onClick={() => void check()} data-testid="import-recheck">
                {t('imports.mode.recheck')}
              </Button>
              <Button type="primary" loading={busy} onClick={() => void run()} data-testid="import-run">
                {t('imports.run.start')}
              </Button>
            </>,
          )}
        </Space>
      );
    // step 5: progress, then the result
    const done = batch.status === 'done' || batch.status === 'undone';
    if (busy) {
      return (
        <div data-testid="import-progress">
          <Progress percent={batch.total ? Math.round((100 * batch.processed) / batch.total) : 0} status="active" />
          <Typography.Text type="secondary">
            {t('imports.run.running', { processed: batch.processed, total: batch.total })}
          </Typography.Text>
        </div>
      );
    }
    return (
      <div data-testid="import-result">
        <Result
          status={done ? 'success' : runError ? 'warning' : 'error'}
          title={done ? t('imports.result.done') : (runError ?? t('imports.result.failed'))}
          subTitle={done ? t('imports.result.counts', countsOf(batch)) : undefined}
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
              <Button key="back" onClick={() => setStep(4)}>
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
        items={['upload', 'mapping', 'preview', 'check', 'mode', 'run'].map((s) => ({ title: t(`imports.steps.${s}`) }))}
      />
      {batch && step > 0 && (
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
