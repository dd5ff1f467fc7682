/**
 * "Verify chain": calls GET /audit/verify and shows "intact, N entries" or the first
 * broken entry with its seq and why, as an alert above the table; with the anchors the server
 * keeps outside the database (how many were checked, and the public key that checks their
 * signatures, copyable).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { AuditVerify } from '../../../../../contracts';
import { toApiError } from '../../../../services/api-error';
import { verifyAuditChain } from '../../../../services/audit';

/** The button; the result renders through `onResult` (the page places the alert). */
export function VerifyChainButton({ onResult }: { onResult: (r: AuditVerify | Error) => void }) {
  const intl = useIntl();
  const [loading, setLoading] = useState(false);
  const run = async () => {
    setLoading(true);
    try {
      onResult(await verifyAuditChain());
    } catch (err) {
      onResult(toApiError(err));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<SafetyCertificateOutlined />} loading={loading} onClick={run} data-testid="verify-chain">
      {intl.formatMessage({ id: 'audit.verify' })}
    </Button>
  );
}

/** The alert of a verification result. */
export function VerifyChainResult({ result, onClose }: { result: AuditVerify | Error; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (result instanceof Error) return <Alert type="error" showIcon closable onClose={onClose} message={result.message} style={{ marginBottom: 16 }} />;
  const anchors = result.anchors;
  const extra = [
    result.signedHeads ? t('audit.verify.signedHeads', { count: result.signedHeads }) : '',
    anchors ? t('audit.verify.anchors', { count: anchors.checked }) : '',
    anchors?.signaturesChecked ? t('audit.verify.anchorsSigned', { count: anchors.signaturesChecked }) : '',
  ]
    .filter(Boolean)
    .map((text) => ` · ${text}`)
    .join('');
  const publicKey = anchors?.publicKey ? (
    <details style={{ marginTop: 8 }} data-testid="verify-public-key">
      <summary>{t('audit.verify.publicKey', { keyId: anchors.keyId ?? '' })}</summary>
      <Typography.Paragraph copyable code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {anchors.publicKey}
      </Typography.Paragraph>
    </details>
  ) : undefined;
  const broken = result.firstBroken;
  return result.intact ? (
    <Alert
      data-testid="verify-result"
      type="success"
      showIcon
      closable
      onClose={onClose}
      message={t('audit.verify.intact', { count: result.entries }) + extra}
      description={publicKey}
      style={{ marginBottom: 16 }}
    />
  ) : (
    <Alert
      data-testid="verify-result"
      type="error"
      showIcon
      closable
      onClose={onClose}
      message={t('audit.verify.broken', {
        seq: broken?.seq ?? '?',
        reason: t(`audit.verify.reason.${broken?.reason ?? 'hash'}`, { after: broken?.intactUpTo ?? 0, line: broken?.line ?? '?' }),
      })}
      description={publicKey}
      style={{ marginBottom: 16 }}
    />
  );
}
