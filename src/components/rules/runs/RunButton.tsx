/**
 * "Run rules": a modal picking a subject and what to run — a rule set's latest published version
 * (when the rule sets API lists any) or the subject's enabled rules — then POST /rule-runs. The
 * subject's active run answers instead of a new one (said in the message).
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Select, message } from 'antd';
import React, { useState } from 'react';

import type { RuleRun } from '../../../../contracts';
import { toApiError } from '../../../services/api-error';
import { listPublishedRuleSets, startRun } from './api';
import { useT } from '../../useT';

const ENABLED = '__enabled__';

export default function RunButton({
  app,
  subjects,
  defaultSubject,
  onStarted,
  size,
}: {
  app: string;
  subjects: { key: string; name: string }[];
  defaultSubject?: string;
  onStarted: (run: RuleRun) => void;
  size?: 'small';
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ subject: string; ruleSet: string }>();
  const sets = useQuery({ queryKey: ['rule-sets', 'published', app], queryFn: () => listPublishedRuleSets(app), enabled: open, staleTime: 30_000 });
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const { run, merged } = await startRun({ application: app, subject: v.subject, ...(v.ruleSet && v.ruleSet !== ENABLED ? { ruleSet: v.ruleSet } : {}) });
      message.success(t(merged ? 'ruleRuns.run.merged' : 'ruleRuns.run.started'));
      setOpen(false);
      onStarted(run);
    } catch (e) {
      message.error(toApiError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        type={size ? 'link' : 'primary'}
        size={size}
        data-testid={size ? `rule-run-start-${defaultSubject}` : 'rule-run-start'}
        onClick={() => {
          form.setFieldsValue({ subject: defaultSubject ?? subjects[0]?.key, ruleSet: ENABLED });
          setOpen(true);
        }}
        disabled={subjects.length === 0}
      >
        {t('ruleRuns.run.button')}
      </Button>
      <Modal
        open={open}
        title={t('ruleRuns.run.title')}
        okText={t('ruleRuns.run.ok')}
        onOk={submit}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'rule-run-confirm' }}
        destroyOnHidden
      >
        <Form form={form} name="rule-run-start" layout="vertical" preserve={false}>
          <Form.Item name="subject" label={t('ruleRuns.col.subject')} rules={[{ required: true, message: t('ruleRuns.run.subjectRequired') }]}>
            <Select data-testid="rule-run-subject" options={subjects.map((s) => ({ value: s.key, label: s.name }))} />
          </Form.Item>
          <Form.Item name="ruleSet" label={t('ruleRuns.run.what')} extra={t('ruleRuns.run.whatHelp')}>
            <Select
              data-testid="rule-run-set"
              loading={sets.isLoading}
              options={[
                { value: ENABLED, label: t('ruleRuns.run.enabledRules') },
                ...(sets.data ?? []).map((s) => ({ value: s.id, label: t('ruleRuns.run.setVersion', { name: s.name, version: s.publishedVersion }) })),
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
