/**
 * Concludes a procedure (POST …/procedures/:id/conclude: conclusion + note; status → done). An
 * `ineffective` conclusion answers a proposed finding, which the modal then offers to raise
 * (RaiseFindingForm prefilled → POST /findings).
 */
import { Alert, Button, Form, Input, Modal, Radio, Space, message } from 'antd';
import React, { useState } from 'react';
import type { ApplicationDetail } from '../../../contracts';
import { PROCEDURE_CONCLUSIONS } from '../../../contracts/engagements.constants';
import type { RecordItem } from '../../../contracts/records';
import { showFieldErrors } from '../../services/api-error';
import { concludeProcedure, type ProposedFinding } from '../../services/audit-flow';
import { useT } from '../useT';
import { textOf } from './actions';
import { useRefreshAudit, useValueLabel } from './hooks';
import RaiseFindingModal from './RaiseFindingModal';

export interface ConcludeModalProps {
  app: ApplicationDetail;
  engagementId: string;
  procedure: RecordItem | null;
  onClose: () => void;
}

export default function ConcludeModal({ app, engagementId, procedure, onClose }: ConcludeModalProps) {
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const [form] = Form.useForm<{ conclusion: string; note?: string }>();
  const [busy, setBusy] = useState(false);
  const [proposed, setProposed] = useState<ProposedFinding | null>(null);
  const [raising, setRaising] = useState<ProposedFinding | null>(null);

  const close = () => {
    setProposed(null);
    onClose();
  };
  const submit = async () => {
    if (!procedure) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await concludeProcedure(app.slug, procedure.id, v.conclusion, v.note?.trim());
      await refresh();
      if (res.proposedFinding) setProposed(res.proposedFinding);
      else close();
    } catch (e) {
      showFieldErrors(form, e);
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        open={!!procedure}
        title={t('auditProcess.conclude.title', { name: textOf(procedure?.values.title) })}
        okText={proposed ? t('auditProcess.sample.close') : t('auditProcess.conclude.action')}
        okButtonProps={{ 'data-testid': 'conclude-submit' } as never}
        confirmLoading={busy}
        onOk={() => (proposed ? close() : void submit())}
        onCancel={close}
        destroyOnClose
      >
        {proposed ? (
          <Alert
            type="warning"
            showIcon
            data-testid="proposed-finding"
            message={t('auditProcess.conclude.proposed')}
            description={
              <Space direction="vertical">
                <span>
                  {proposed.title} · {label(proposed.severity)}
                </span>
                <Button
                  type="primary"
                  danger
                  data-testid="raise-proposed"
                  onClick={() => {
                    setRaising(proposed);
                    close();
                  }}
                >
                  {t('auditProcess.finding.raise')}
                </Button>
              </Space>
            }
          />
        ) : (
          <Form name="procedure-conclude" form={form} layout="vertical" preserve={false}>
            <Form.Item name="conclusion" label={t('auditProcess.procedure.conclusion')} rules={[{ required: true }]}>
              <Radio.Group data-testid="conclude-conclusion">
                {PROCEDURE_CONCLUSIONS.map((c) => (
                  <Radio key={c} value={c}>
                    {label(c)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item name="note" label={t('auditProcess.conclude.note')} htmlFor="conclude-note">
              <Input.TextArea id="conclude-note" rows={3} maxLength={4000} />
            </Form.Item>
          </Form>
        )}
      </Modal>
      <RaiseFindingModal app={app} engagementId={engagementId} initial={raising} open={!!raising} onClose={() => setRaising(null)} />
    </>
  );
}
