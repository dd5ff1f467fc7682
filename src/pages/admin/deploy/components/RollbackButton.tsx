/**
 * "Roll back" of a deployment: a confirmation stating what happens — the application's model goes
 * back to before this package; subjects and fields the package added go to the recycle bin with
 * their records; what it changed or removed is put back and field values it converted are restored
 * from their history — then POST /deploy/deployments/:id/rollback. Only the application's latest
 * applied deployment can be rolled back: for an older one the button is disabled and says why.
 */
import { UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Tooltip, Typography, message } from 'antd';
import React, { useState } from 'react';
import type { DeployDeployment } from '../../../../../contracts';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { rollbackDeployment } from '../../../../services/deploy';
import { keys } from '../../../../services/query-keys';

export default function RollbackButton({ deployment, onDone }: { deployment: DeployDeployment; onDone?: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [busy, setBusy] = useState(false);
  if (deployment.state !== 'applied') return null;
  const start = async () => {
    const ok = await modal.confirm({
      title: t('deploy.rollback.title', { app: deployment.application.name }),
      width: 560,
      okText: t('deploy.rollback.ok'),
      okButtonProps: { danger: true, 'data-testid': 'deploy-rollback-confirm' } as never,
      content: (
        <Space direction="vertical" data-testid="deploy-rollback-text">
          <span>{t('deploy.rollback.model')}</span>
          <Typography.Text type="warning">
            {deployment.createdApplication
              ? t('deploy.rollback.createdApp', { n: deployment.added })
              : t('deploy.rollback.recycle', { n: deployment.added })}
          </Typography.Text>
          <span>{t('deploy.rollback.restore', { changed: deployment.changed, removed: deployment.removed })}</span>
        </Space>
      ),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const r = await rollbackDeployment(deployment.id);
      void message.success(
        t('deploy.rollback.done', { app: deployment.application.name, recycled: r.recycled, restored: r.restoredValues }),
      );
      void client.invalidateQueries({ queryKey: keys('deploy').all });
      void client.invalidateQueries({ queryKey: keys('subjects').all });
      onDone?.();
    } catch (e) {
      void message.error(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button
      size="small"
      danger
      icon={<UndoOutlined />}
      loading={busy}
      disabled={!deployment.latest}
      onClick={() => void start()}
      data-testid="deploy-rollback"
    >
      {t('deploy.rollback.button')}
    </Button>
  );
  return (
    <>
      {holder}
      {deployment.latest ? button : <Tooltip title={t('deploy.rollback.notLatest')}>{button}</Tooltip>}
    </>
  );
}
