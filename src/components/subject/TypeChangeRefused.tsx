/**
 * The answer to a refused field change (409 TYPE_CHANGE_REFUSED, contracts/subjects.ts
 * TypeChangeConflict): the server's message, how many records would break, and the first of them
 * (id with a link to the record, current value; a record in the recycle bin is marked, a type
 * change converts those too). Closing returns to the field form, still filled in.
 */
import { Alert, Modal, Space, Table, Tag, Typography } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { TypeChangeConflict } from '../../../contracts';
import { ApiError } from '../../services/api-error';

/** The TypeChangeConflict of an error, when it is a 409 TYPE_CHANGE_REFUSED carrying one. */
export function typeChangeConflict(error: unknown): TypeChangeConflict | undefined {
  if (!(error instanceof ApiError) || error.errorCode !== 'TYPE_CHANGE_REFUSED' || !error.conflict) return undefined;
  const c = error.conflict as Partial<TypeChangeConflict>;
  if (typeof c.count !== 'number' || !Array.isArray(c.records)) return undefined;
  return { field: String(c.field ?? ''), count: c.count, records: c.records, reason: c.reason };
}

/** A stored value as one line of text: arrays joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface RefusedState {
  message: string;
  conflict: TypeChangeConflict;
}

/** The modal listing the breaking records; `state` undefined = closed. */
export default function TypeChangeRefused({
  app,
  subject,
  state,
  onClose,
}: {
  /** The application slug and subject key, for the records' links (`/{app}/{subject}/{id}`). */
  app: string;
  subject: string;
  state?: RefusedState;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const conflict = state?.conflict;
  return (
    <Modal
      open={Boolean(state)}
      title={conflict && t('field.refused.title', { count: conflict.count })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('field.refused.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      destroyOnHidden
    >
      {state && conflict && (
        <div data-testid="type-change-refused">
          <Alert
            type="error"
            showIcon
            message={state.message}
            description={t('field.refused.desc')}
            style={{ marginBottom: 12 }}
          />
          <Table<TypeChangeConflict['records'][number]>
            size="small"
            rowKey="id"
            pagination={conflict.records.length > 10 ? { pageSize: 10, size: 'small' } : false}
            dataSource={conflict.records}
            columns={[
              {
                title: t('field.refused.record'),
                dataIndex: 'id',
                render: (id: string, r) =>
                  r.deleted ? (
                    <Space size={4}>
                      <Typography.Text code>{id}</Typography.Text>
                      <Tag>{t('field.refused.deleted')}</Tag>
                    </Space>
                  ) : (
                    <Link to={`/${app}/${subject}/${id}`} target="_blank" data-testid="refused-record">
                      <Typography.Text code>{id}</Typography.Text>
                    </Link>
                  ),
              },
              {
                title: t('field.refused.value'),
                dataIndex: 'value',
                render: (v: unknown) => {
                  const text = valueText(v);
                  return text ? (
                    <Typography.Text>{text}</Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">{t('field.refused.empty')}</Typography.Text>
                  );
                },
              },
            ]}
          />
          {conflict.count > conflict.records.length && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('field.refused.more', { shown: conflict.records.length, count: conflict.count })}
            </Typography.Paragraph>
          )}
        </div>
      )}
    </Modal>
  );
}
