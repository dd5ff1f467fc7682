/**
 * The application's incidents (paged on the server, last seen first), filtered by state (default:
 * open): record (linked to its page), rule, severity, message, state, when seen, the waiver's reason
 * and expiry. Editors acknowledge an open incident; owners and administrators waive one (a modal
 * asking a reason and an expiry, at most WAIVER_MAX_DAYS ahead) and reopen.
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, DatePicker, Form, Input, Modal, Segmented, Space, Typography, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React, { useEffect, useRef, useState } from 'react';
import { Link } from 'umi';
import type { Incident, IncidentState } from '../../../../contracts';
import { INCIDENT_STATES, WAIVER_MAX_DAYS } from '../../../../contracts/rules.constants';
import { showFieldErrors, toApiError } from '../../../services/api-error';
import { listIncidents, moveIncident } from './api';
import { IncidentStateTag, SeverityTag } from './bits';
import { useT } from '../../useT';

export default function IncidentsTable({ app, refresh, canAcknowledge, canWaive }: { app: string; refresh: number; canAcknowledge: boolean; canWaive: boolean }) {
  const t = useT();
  const action = useRef<ActionType>();
  const [state, setState] = useState<IncidentState | 'all'>('open');
  const [waiving, setWaiving] = useState<Incident | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string; expiresAt: Dayjs }>();
  useEffect(() => void action.current?.reload(), [refresh, state]);

  const act = (i: Incident, move: 'acknowledge' | 'reopen') =>
    moveIncident(i.id, move).then(
      () => {
        message.success(t(`ruleRuns.incident.${move}.done`));
        void action.current?.reload();
      },
      (e: unknown) => void message.error(toApiError(e).message),
    );

  const waive = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await moveIncident(waiving!.id, 'waive', { reason: v.reason, expiresAt: v.expiresAt.endOf('day').toISOString() });
      message.success(t('ruleRuns.incident.waive.done'));
      setWaiving(null);
      void action.current?.reload();
    } catch (e) {
      showFieldErrors(form, e);
      message.error(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ProTable<Incident>
        rowKey="id"
        actionRef={action}
        headerTitle={t('ruleRuns.incidents.title')}
        search={false}
        options={{ reload: true, density: false, setting: false }}
        data-testid="incidents-table"
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: t('ruleRuns.incidents.empty') }}
        toolBarRender={() => [
          <Segmented<IncidentState | 'all'>
            key="state"
            data-testid="incident-filter"
            value={state}
            onChange={setState}
            options={[...INCIDENT_STATES, 'all' as const].map((s) => ({ value: s, label: t(s === 'all' ? 'ruleRuns.incident.all' : `ruleRuns.incident.state.${s}`) }))}
          />,
        ]}
        request={async (params) => {
          const page = await listIncidents({ application: app, current: params.current, pageSize: params.pageSize, ...(state === 'all' ? {} : { state }) });
          return { data: page.data, total: page.total, success: true };
        }}
        columns={[
          {
            title: t('ruleRuns.col.record'),
            dataIndex: 'recordLabel',
            render: (_, i) => (
              <Link to={`/${app}/${i.subject}/${i.recordId}`} data-testid="incident-record">
                {i.recordLabel}
              </Link>
            ),
          },
          { title: t('ruleRuns.col.subject'), dataIndex: 'subjectName' },
          { title: t('ruleRuns.col.rule'), dataIndex: 'ruleName' },
          { title: t('ruleRuns.col.severity'), dataIndex: 'severity', render: (_, i) => <SeverityTag severity={i.severity} /> },
          { title: t('ruleRuns.col.message'), dataIndex: 'message', ellipsis: true },
          { title: t('ruleRuns.col.state'), dataIndex: 'state', render: (_, i) => <IncidentStateTag state={i.state} /> },
          { title: t('ruleRuns.col.lastSeen'), dataIndex: 'lastSeenAt', render: (_, i) => dayjs(i.lastSeenAt).format('YYYY-MM-DD HH:mm') },
          {
            title: t('ruleRuns.col.waiver'),
            dataIndex: 'waiverReason',
            render: (_, i) =>
              i.waiverReason ? (
                <Typography.Text type="secondary">
                  {t('ruleRuns.incident.waiverOf', { reason: i.waiverReason, until: i.waiverExpiresAt ? dayjs(i.waiverExpiresAt).format('YYYY-MM-DD') : '—' })}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: t('ruleRuns.col.actions'),
            valueType: 'option',
            width: 200,
            render: (_, i) => (
              <Space size={0} wrap>
                {canAcknowledge && i.state === 'open' && (
                  <Button type="link" size="small" data-testid="incident-acknowledge" onClick={() => act(i, 'acknowledge')}>
                    {t('ruleRuns.incident.acknowledge')}
                  </Button>
                )}
                {canWaive && (i.state === 'open' || i.state === 'acknowledged') && (
                  <Button
                    type="link"
                    size="small"
                    data-testid="incident-waive"
                    onClick={() => {
                      form.resetFields();
                      setWaiving(i);
                    }}
                  >
                    {t('ruleRuns.incident.waive')}
                  </Button>
                )}
                {canWaive && i.state !== 'open' && (
                  <Button type="link" size="small" data-testid="incident-reopen" onClick={() => act(i, 'reopen')}>
                    {t('ruleRuns.incident.reopen')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!waiving}
        title={t('ruleRuns.incident.waive.title')}
        okText={t('ruleRuns.incident.waive')}
        onOk={waive}
        confirmLoading={busy}
        onCancel={() => setWaiving(null)}
        okButtonProps={{ 'data-testid': 'incident-waive-confirm' }}
      >
        {waiving && (
          <Typography.Paragraph type="secondary">
            {waiving.recordLabel} · {waiving.ruleName}
          </Typography.Paragraph>
        )}
        <Form form={form} name="incident-waive" layout="vertical">
          <Form.Item name="reason" label={t('ruleRuns.incident.waive.reason')} rules={[{ required: true, whitespace: true, message: t('ruleRuns.incident.waive.reasonRequired') }]}>
            <Input.TextArea rows={3} maxLength={1000} showCount data-testid="incident-waive-reason" />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('ruleRuns.incident.waive.expiresAt')}
            extra={t('ruleRuns.incident.waive.expiresHelp', { days: WAIVER_MAX_DAYS })}
            rules={[{ required: true, message: t('ruleRuns.incident.waive.expiresRequired') }]}
          >
            <DatePicker
              data-testid="incident-waive-expires"
              disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(WAIVER_MAX_DAYS - 1, 'day'), 'day')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
