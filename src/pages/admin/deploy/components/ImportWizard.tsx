/**
 * The import wizard of /admin/deploy, antd Steps over the deploy API:
 * upload (a .zip; a newer format version, a broken signature or a file that is no package is
 * refused, said on the page with the server's reason) → signature and trust (SignatureStep) →
 * diff (DiffView; type changes and removals that touch records highlighted) → remapping of
 * variables and users (RemapStep, the server's suggestions proposed) → dry run (the figures; a
 * remapping changed since makes them stale and the apply waits for a new run) → apply, after a
 * confirmation naming what goes to the recycle bin, in one transaction → the result.
 * `packageId` opens a package already kept (from the packages list) at its signature step.
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Modal, Result, Space, Steps, Typography, Upload } from 'antd';
import React, { useEffect, useState } from 'react';
import type { DeployApply, DeployApplyResult, DeployPackage, DeployTrustMode } from '../../../../../contracts';
import { DEPLOY_FORMAT_VERSION, DEPLOY_MAX_PACKAGE_BYTES } from '../../../../../contracts/constants';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import {
  applyPackage,
  dryRunPackage,
  getPackage,
  getPackageDiff,
  trustPackage,
  uploadPackage,
} from '../../../../services/deploy';
import { keys } from '../../../../services/query-keys';
import ApplySummary from './ApplySummary';
import DiffView from './DiffView';
import RemapStep from './RemapStep';
import SignatureStep from './SignatureStep';
import { diffTotals, mapsSignature, proposedMaps } from './logic';

const STEPS = ['upload', 'signature', 'diff', 'remap', 'dryRun', 'apply'] as const;
const [UPLOAD, SIGNATURE, DIFF, REMAP, DRY_RUN, APPLY] = [0, 1, 2, 3, 4, 5];

type Maps = Required<DeployApply>;

export default function ImportWizard({ packageId, onApplied }: { packageId?: string; onApplied?: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [step, setStep] = useState(UPLOAD);
  const [pkg, setPkg] = useState<DeployPackage | null>(null);
  const [busy, setBusy] = useState(false);
  // an upload refused (newer format, broken signature, not a package): said in place of the drop zone's hint
  const [refused, setRefused] = useState<string | null>(null);
  // a failed trust, dry run or apply, said on the step
  const [problem, setProblem] = useState<string | null>(null);
  const [maps, setMaps] = useState<Maps | null>(null);
  const [dry, setDry] = useState<{ result: DeployApplyResult; with: string } | null>(null);
  const [applied, setApplied] = useState<DeployApplyResult | null>(null);

  const diff = useQuery({
    queryKey: keys('deploy').action('diff', pkg?.id),
    queryFn: () => getPackageDiff(pkg?.id ?? ''),
    enabled: !!pkg?.accepted && step >= DIFF && step < APPLY,
    retry: false,
  });
  // the remappings start from the server's suggestions, once per package
  useEffect(() => {
    if (diff.data && maps === null) setMaps(proposedMaps(diff.data));
  }, [diff.data, maps]);

  const open = (p: DeployPackage) => {
    setPkg(p);
    setMaps(null);
    setDry(null);
    setApplied(null);
    setProblem(null);
    setStep(SIGNATURE);
  };
  useEffect(() => {
    if (!packageId) return;
    setBusy(true);
    getPackage(packageId)
      .then(open, (e: unknown) => setRefused(toApiError(e).message))
      .finally(() => setBusy(false));
  }, [packageId]);

  const upload = (file: File) => {
    setBusy(true);
    setRefused(null);
    uploadPackage(file)
      .then(
        (p) => {
          open(p);
          void client.invalidateQueries({ queryKey: keys('deploy').lists() });
        },
        (e: unknown) => {
          const err = toApiError(e);
          setRefused(err.details.map((d) => d.message).join('; ') || err.message);
        },
      )
      .finally(() => setBusy(false));
  };
  const trust = (mode: DeployTrustMode) => {
    if (!pkg) return;
    setBusy(true);
    setProblem(null);
    trustPackage(pkg.id, mode)
      .then(
        (p) => {
          setPkg(p);
          void client.invalidateQueries({ queryKey: keys('deploy').all });
        },
        (e: unknown) => setProblem(toApiError(e).message),
      )
      .finally(() => setBusy(false));
  };
  const runDry = async () => {
    if (!pkg || !maps) return;
    setBusy(true);
    setProblem(null);
    try {
      setDry({ result: await dryRunPackage(pkg.id, maps), with: mapsSignature(maps) });
      setStep(DRY_RUN);
    } catch (e) {
      setProblem(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (!pkg || !maps || !diff.data) return;
    const totals = diffTotals(diff.data);
    const ok = await modal.confirm({
      title: t('deploy.apply.confirmTitle', { app: diff.data.application.name }),
      width: 560,
      okText: t('deploy.apply.ok'),
      okButtonProps: { danger: totals.removed > 0, 'data-testid': 'deploy-apply-confirm' } as never,
      content: (
        <Space direction="vertical" data-testid="deploy-apply-confirm-text">
          <span>
            {t('deploy.apply.confirmCounts', { added: totals.added, changed: totals.changed, removed: totals.removed })}
          </span>
          {totals.recycledRecords > 0 && (
            <Typography.Text type="warning">{t('deploy.apply.confirmRecycle', { n: totals.recycledRecords })}</Typography.Text>
          )}
          {totals.convertedRecords > 0 && (
            <Typography.Text type="warning">{t('deploy.apply.confirmConvert', { n: totals.convertedRecords })}</Typography.Text>
          )}
          <span>{t('deploy.apply.confirmOne')}</span>
        </Space>
      ),
    });
    if (!ok) return;
    setBusy(true);
    setProblem(null);
    try {
      setApplied(await applyPackage(pkg.id, maps));
      setStep(APPLY);
      void client.invalidateQueries({ queryKey: keys('deploy').all });
      // the application's subjects, views, rules… changed
      void client.invalidateQueries({ queryKey: keys('subjects').all });
      onApplied?.();
    } catch (e) {
      setProblem(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  const restart = () => {
    setPkg(null);
    setRefused(null);
    setProblem(null);
    setMaps(null);
    setDry(null);
    setApplied(null);
    setStep(UPLOAD);
  };

  const nav = (back: number | null, next: React.ReactNode) => (
    <Space style={{ marginTop: 16 }} wrap>
      {back !== null && (
        <Button onClick={() => setStep(back)} disabled={busy} data-testid="deploy-back">
          {t('deploy.wizard.back')}
        </Button>
      )}
      {next}
    </Space>
  );
  const problemAlert = problem && (
    <Alert
      type="error"
      showIcon
      closable
      onClose={() => setProblem(null)}
      message={problem}
      style={{ marginBottom: 16 }}
      data-testid="deploy-problem"
    />
  );
  const stale = !!dry && !!maps && dry.with !== mapsSignature(maps);

  const body = (() => {
    if (step === UPLOAD || !pkg)
      return (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {refused && (
            <Alert
              type="error"
              showIcon
              message={t('deploy.refused.title')}
              description={refused}
              data-testid="deploy-refused"
              closable
              onClose={() => setRefused(null)}
            />
          )}
          <Upload.Dragger
            accept=".zip,application/zip"
            showUploadList={false}
            disabled={busy}
            customRequest={({ file }) => upload(file as File)}
            data-testid="deploy-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('deploy.upload.drag')}</p>
            <p className="ant-upload-hint">
              {t('deploy.upload.hint', { mb: DEPLOY_MAX_PACKAGE_BYTES / 1024 / 1024, version: DEPLOY_FORMAT_VERSION })}
            </p>
          </Upload.Dragger>
        </Space>
      );
    if (step === SIGNATURE)
      return (
        <>
          {problemAlert}
          <SignatureStep pkg={pkg} busy={busy} onTrust={trust} />
          {nav(
            null,
            <Button type="primary" disabled={!pkg.accepted} onClick={() => setStep(DIFF)} data-testid="deploy-to-diff">
              {t('deploy.wizard.toDiff')}
            </Button>,
          )}
        </>
      );
    if (diff.isError)
      return (
        <>
          <Alert type="error" showIcon message={toApiError(diff.error).message} data-testid="deploy-problem" />
          {nav(SIGNATURE, <Button onClick={() => void diff.refetch()}>{t('deploy.wizard.retry')}</Button>)}
        </>
      );
    if (!diff.data || !maps) return <Card loading bordered={false} />;
    if (step === DIFF)
      return (
        <>
          <DiffView diff={diff.data} />
          {nav(
            SIGNATURE,
            <Button type="primary" onClick={() => setStep(REMAP)} data-testid="deploy-to-remap">
              {t('deploy.wizard.toRemap')}
            </Button>,
          )}
        </>
      );
    if (step === REMAP)
      return (
        <>
          {problemAlert}
          <RemapStep diff={diff.data} maps={maps} onChange={setMaps} />
          {nav(
            DIFF,
            <Button type="primary" loading={busy} onClick={() => void runDry()} data-testid="deploy-dry-run">
              {t('deploy.wizard.dryRun')}
            </Button>,
          )}
        </>
      );
    if (step === DRY_RUN && dry)
      return (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="success" showIcon message={t('deploy.dryRun.ok')} />
          {stale && (
            <Alert
              type="warning"
              showIcon
              message={t('deploy.dryRun.stale')}
              data-testid="deploy-dry-stale"
              action={
                <Button size="small" loading={busy} onClick={() => void runDry()}>
                  {t('deploy.wizard.dryRun')}
                </Button>
              }
            />
          )}
          {problemAlert}
          <ApplySummary result={dry.result} testId="deploy-dry-result" />
          {nav(
            REMAP,
            <Button type="primary" loading={busy} disabled={stale} onClick={() => void apply()} data-testid="deploy-apply">
              {t('deploy.wizard.apply')}
            </Button>,
          )}
        </Space>
      );
    if (step === APPLY && applied)
      return (
        <div data-testid="deploy-applied">
          <Result
            status="success"
            title={t('deploy.result.applied', { app: diff.data.application.name })}
            subTitle={t('deploy.result.rollbackHint')}
            extra={[
              <Button key="again" type="primary" onClick={restart} data-testid="deploy-again">
                {t('deploy.wizard.again')}
              </Button>,
            ]}
          >
            <ApplySummary result={applied} testId="deploy-apply-result" />
          </Result>
        </div>
      );
    return null;
  })();

  return (
    <Card data-testid="deploy-wizard">
      {modalHolder}
      <Steps
        current={step}
        status={step === APPLY ? 'finish' : 'process'}
        size="small"
        style={{ marginBottom: 24 }}
        items={STEPS.map((s) => ({ title: t(`deploy.steps.${s}`) }))}
      />
      {pkg && step > UPLOAD && step < APPLY && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('deploy.wizard.package', { name: pkg.fileName, app: pkg.application.name })}
          action={
            <Button size="small" onClick={restart} data-testid="deploy-other">
              {t('deploy.wizard.other')}
            </Button>
          }
        />
      )}
      {body}
    </Card>
  );
}
