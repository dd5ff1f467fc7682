/** A sync run's status as a coloured tag, with when it started beside it when asked (`withTime`). */
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { ConnectorRun } from '../../../../../contracts';
import type { ConnectorRunStatus } from '../../../../../contracts/connectors.constants';
import { useT } from '../../../../components/useT';

const COLORS: Record<ConnectorRunStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

export default function RunStatus({ run, withTime }: { run: Pick<ConnectorRun, 'status' | 'createdAt'> | null | undefined; withTime?: boolean }) {
  const t = useT();
  if (!run) return <Typography.Text type="secondary">{t('connectors.run.never')}</Typography.Text>;
  return (
    <span>
      <Tag color={COLORS[run.status]} data-testid="run-status">
        {t(`connectors.run.status.${run.status}`)}
      </Tag>
      {withTime && <Typography.Text type="secondary">{dayjs(run.createdAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>}
    </span>
  );
}
