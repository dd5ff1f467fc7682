/**
 * What a 409 STALE_VERSION found (contracts/records.ts StaleConflict): the versions saved since
 * the editor's, who saved them and when, field by field (before → after), with the fields the
 * editor also changed marked. The editor chooses: discard their edits and reload, or keep them on
 * the newest version (then check and save again).
 */
import { Alert, Button, Space, Tag, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field, StaleConflict } from '../../../../contracts';
import { formatDatetime } from '../../fields';
import ChangeList from './ChangeList';

export default function ConflictPanel({
  conflict,
  fromVersion,
  fields,
  mine,
  onReload,
  onReapply,
}: {
  conflict: StaleConflict;
  /** The version the editor started from. */
  fromVersion: number;
  fields: Field[];
  /** Keys of the fields the editor changed. */
  mine: string[];
  onReload: () => void;
  onReapply: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const versions = [...conflict.changes].sort((a, b) => a.version - b.version);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="stale-conflict"
      message={t('records.conflict.title')}
      description={
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('records.conflict.desc', { version: fromVersion })}</Typography.Text>
          {versions.map((v) => (
            <div key={v.version} data-testid={`conflict-version-${v.version}`}>
              <Typography.Text type="secondary">
                {t('records.conflict.version', {
                  version: v.version,
                  actor: v.actorLabel ?? t('records.history.system'),
                  at: formatDatetime(v.at, true),
                })}
              </Typography.Text>
              <div style={{ paddingInlineStart: 12 }}>
                <ChangeList
                  fields={fields}
                  changes={v.changes}
                  extra={(key) => (mine.includes(key) ? <Tag color="orange">{t('records.conflict.mine')}</Tag> : null)}
                />
              </div>
            </div>
          ))}
          <Space wrap>
            <Button onClick={onReload} data-testid="conflict-reload">
              {t('records.conflict.reload')}
            </Button>
            <Button type="primary" onClick={onReapply} data-testid="conflict-reapply">
              {t('records.conflict.reapply')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
