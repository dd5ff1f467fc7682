/**
 * The export panel of /admin/deploy: pick an application, download its model as a signed package
 * (POST /deploy/export, a zip named by the server), and this installation's signing key — the
 * fingerprint another installation compares before trusting packages from here.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Skeleton, Space, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { DEPLOY_FORMAT_VERSION } from '../../../../../contracts/constants';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { exportPackage, getInstallationKey } from '../../../../services/deploy';
import { keys } from '../../../../services/query-keys';
import { AppSelect } from '../../../compare_record_field/components/Pickers';
import { Fingerprint } from './labels';

/** The installation's signing key, as the export panel and the signers tab show it. */
export function InstallationKey() {
  const t = useT();
  const key = useQuery({ queryKey: keys('deploy').action('key'), queryFn: getInstallationKey, staleTime: 5 * 60_000 });
  if (key.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (key.isError) return <Alert type="error" showIcon message={toApiError(key.error).message} />;
  if (!key.data) return null;
  return (
    <Descriptions size="small" column={1} data-testid="deploy-key">
      <Descriptions.Item label={t('deploy.key.fingerprint')}>
        <Fingerprint value={key.data.fingerprint} testId="deploy-key-fingerprint" />
      </Descriptions.Item>
      <Descriptions.Item label={t('deploy.key.createdAt')}>
        {dayjs(key.data.createdAt).format('YYYY-MM-DD HH:mm')}
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function ExportPanel() {
  const t = useT();
  const [app, setApp] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    if (!app) return;
    setBusy(true);
    setProblem(null);
    try {
      const name = await exportPackage(app);
      void message.success(t('deploy.export.done', { name }));
    } catch (e) {
      setProblem(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="deploy-export">
      <Card title={t('deploy.export.title')} size="small">
        <Typography.Paragraph type="secondary">
          {t('deploy.export.what', { version: DEPLOY_FORMAT_VERSION })}
        </Typography.Paragraph>
        <Form name="deployExport" layout="inline" component="div" onFinish={() => void run()}>
          <Form.Item label={t('deploy.export.application')} htmlFor="deploy-export-app" style={{ marginBottom: 8 }}>
            <AppSelect
              id="deploy-export-app"
              value={app}
              onChange={(v) => {
                setApp(v);
                setProblem(null);
              }}
              aria-label={t('deploy.export.application')}
              data-testid="deploy-export-app"
              style={{ minWidth: 280 }}
            />
          </Form.Item>
          <Form.Item style={{ marginBottom: 8 }}>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!app}
              loading={busy}
              onClick={() => void run()}
              data-testid="deploy-export-download"
            >
              {t('deploy.export.download')}
            </Button>
          </Form.Item>
        </Form>
        {problem && (
          <Alert type="error" showIcon message={problem} style={{ marginTop: 8 }} data-testid="deploy-export-problem" />
        )}
      </Card>
      <Card title={t('deploy.key.title')} size="small">
        <Typography.Paragraph type="secondary">{t('deploy.key.what')}</Typography.Paragraph>
        <InstallationKey />
      </Card>
    </Space>
  );
}
