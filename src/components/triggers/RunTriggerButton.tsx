/**
 * "Run a trigger" on records (docs/triggers.md "Manual runs"): for an administrator, a dropdown of
 * the enabled manual triggers of the subject; choosing one queues a run per record
 * (POST /api/v1/triggers/:id/run) and links to the trigger's run history. Renders nothing for
 * anyone else, or when the subject has no manual trigger. Used by the record page (one record) and
 * the grid's selection bar (the selected records).
 */
import { ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, message } from 'antd';
import React from 'react';
import { history, useIntl, useModel } from 'umi';
import { toApiError } from '../../services/api-error';
import { listTriggers, runTrigger } from '../../services/triggers';

export default function RunTriggerButton({
  app,
  subjectKey,
  recordIds,
  size,
}: {
  app: string;
  subjectKey: string;
  recordIds: string[];
  size?: 'small' | 'middle';
}) {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin ?? false;
  const triggers = useQuery({
    queryKey: ['triggers', 'manual', app],
    queryFn: () => listTriggers({ application: app, event: 'manual', enabled: 'true', pageSize: 100 }),
    enabled: isAdmin,
  });
  const mine = (triggers.data?.data ?? []).filter((t) => t.subject === subjectKey);
  if (!isAdmin || mine.length === 0) return null;
  const run = async (id: string) => {
    try {
      const runs = await runTrigger(id, recordIds);
      message.success({
        content: intl.formatMessage({ id: 'triggers.run.started' }, { n: runs.length }),
        onClick: () => history.push(`/admin/trigger/${id}`),
      });
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  return (
    <Dropdown
      disabled={recordIds.length === 0}
      menu={{ items: mine.map((t) => ({ key: t.id, label: t.name })), onClick: ({ key }) => void run(key) }}
    >
      <Button size={size} type={size === 'small' ? 'link' : 'default'} icon={<ThunderboltOutlined />} data-testid="run-trigger">
        {intl.formatMessage({ id: 'triggers.run.manual' })}
      </Button>
    </Dropdown>
  );
}
