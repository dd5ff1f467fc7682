/**
 * One audit entry in a drawer: who, when, action, target, IP, user agent, hashes and details, then
 * the before/after field-level diff (AuditDiff).
 */
import { ProDescriptions } from '@ant-design/pro-components';
import { Drawer, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { AuditEntry } from '../../../../../contracts';
import AuditDiff from './AuditDiff';

export default function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Drawer open={!!entry} onClose={onClose} width={760} title={entry ? t('audit.drawer.title', { seq: entry.seq }) : ''} destroyOnHidden>
      {entry && (
        <>
          <ProDescriptions column={2} size="small" dataSource={entry}>
            <ProDescriptions.Item label={t('audit.col.at')} dataIndex="at" valueType="dateTime" />
            <ProDescriptions.Item label={t('audit.col.actor')} dataIndex="actorLabel" />
            <ProDescriptions.Item label={t('audit.col.action')}>
              <Typography.Text code>{entry.action}</Typography.Text>
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('audit.col.targetType')}>{`${entry.targetType ?? '—'} ${entry.targetId ?? ''}`}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('audit.col.ip')}>{entry.ip ?? '—'}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('audit.col.userAgent')}>{entry.userAgent ?? '—'}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('audit.drawer.hash')} span={2}>
              <Typography.Text code copyable style={{ fontSize: 12 }}>{entry.hash}</Typography.Text>
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('audit.drawer.prevHash')} span={2}>
              <Typography.Text code style={{ fontSize: 12 }}>{entry.prevHash}</Typography.Text>
            </ProDescriptions.Item>
            {entry.details !== null && (
              <ProDescriptions.Item label={t('audit.drawer.details')} span={2}>
                <Typography.Text code style={{ wordBreak: 'break-all' }}>{JSON.stringify(entry.details)}</Typography.Text>
              </ProDescriptions.Item>
            )}
          </ProDescriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('audit.diff.title')}
          </Typography.Title>
          <AuditDiff before={entry.before} after={entry.after} />
        </>
      )}
    </Drawer>
  );
}
