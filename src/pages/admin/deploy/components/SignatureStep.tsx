/**
 * The import wizard's signature step: what the package says of itself (application, format version,
 * exported when and by whom, the objects it carries) and who signed it. A package signed by this
 * installation or a trusted signer goes on; one from an unknown signer offers "Trust this signer"
 * (its key is added to the trusted signers) or "Accept this package only"; an unsigned one only the
 * latter. Either is one explicit click (POST /deploy/packages/:id/trust), audited.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { DeployPackage, DeployTrustMode } from '../../../../../contracts';
import { DEPLOY_KINDS } from '../../../../../contracts/constants';
import { formatBytes } from '../../../../components/fields/FieldValue';
import { useT } from '../../../../components/useT';
import { Fingerprint, SignatureTag } from './labels';

export default function SignatureStep({
  pkg,
  busy,
  onTrust,
}: {
  pkg: DeployPackage;
  busy: boolean;
  onTrust: (mode: DeployTrustMode) => void;
}) {
  const t = useT();
  const counts = DEPLOY_KINDS.filter((k) => (pkg.counts[k] ?? 0) > 0);
  const signer = pkg.signerFingerprint && <Fingerprint value={pkg.signerFingerprint} testId="deploy-signer-fingerprint" />;
  const status = (() => {
    if (pkg.signature === 'trusted')
      return (
        <Alert
          type="success"
          showIcon
          message={t('deploy.trust.trusted')}
          description={signer}
          data-testid="deploy-trust-state"
        />
      );
    if (pkg.accepted)
      return (
        <Alert
          type="info"
          showIcon
          message={t(pkg.signature === 'unsigned' ? 'deploy.trust.acceptedUnsigned' : 'deploy.trust.accepted')}
          description={signer}
          data-testid="deploy-trust-state"
        />
      );
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="deploy-trust-state"
        message={t(pkg.signature === 'unsigned' ? 'deploy.trust.unsigned' : 'deploy.trust.unknown')}
        description={
          <Space direction="vertical" style={{ width: '100%' }}>
            {signer && (
              <span>
                {t('deploy.trust.compare')} {signer}
              </span>
            )}
            <Typography.Text>
              {t(pkg.signature === 'unsigned' ? 'deploy.trust.unsignedHint' : 'deploy.trust.unknownHint')}
            </Typography.Text>
            <Space wrap>
              {pkg.signature === 'unknown_signer' && (
                <Button
                  type="primary"
                  icon={<SafetyCertificateOutlined />}
                  loading={busy}
                  onClick={() => onTrust('signer')}
                  data-testid="deploy-trust-signer"
                >
                  {t('deploy.trust.signer')}
                </Button>
              )}
              <Button loading={busy} onClick={() => onTrust('package')} data-testid="deploy-trust-package">
                {t('deploy.trust.package')}
              </Button>
            </Space>
          </Space>
        }
      />
    );
  })();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="deploy-signature">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label={t('deploy.package.application')}>
          {pkg.application.name} <Typography.Text type="secondary">({pkg.application.slug})</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('deploy.package.file')}>
          {pkg.fileName} <Typography.Text type="secondary">{formatBytes(pkg.sizeBytes)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('deploy.package.exported')}>
          {dayjs(pkg.exportedAt).format('YYYY-MM-DD HH:mm')}
          {pkg.exportedBy ? ` · ${pkg.exportedBy}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('deploy.package.format')}>{pkg.formatVersion}</Descriptions.Item>
        <Descriptions.Item label={t('deploy.package.signature')}>
          <SignatureTag state={pkg.signature} />
        </Descriptions.Item>
        <Descriptions.Item label={t('deploy.package.objects')}>
          <Space size={[4, 4]} wrap>
            {counts.length === 0
              ? '—'
              : counts.map((k) => <Tag key={k}>{t('deploy.kind.count', { kind: t(`deploy.kind.${k}`), n: pkg.counts[k] })}</Tag>)}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      {status}
    </Space>
  );
}
