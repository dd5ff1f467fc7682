/**
 * Draws a procedure's sample (POST …/procedures/:id/sample, docs/engagements-flow.md, docs/engagements-papers.md): the population (a
 * subject of the application), the size (1–SAMPLE_SIZE_MAX), the selection (random, systematic,
 * judgmental) and an optional seed; then shows the drawn records with the seed and the generator
 * that redraw them. Earlier samples of the procedure (GET …/samples) are listed below.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, InputNumber, List, Modal, Select, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { SAMPLE_SELECTIONS, SAMPLE_SIZE_MAX } from '../../../contracts/engagements.constants';
import type { RecordItem } from '../../../contracts/records';
import { showFieldErrors } from '../../services/api-error';
import { drawSample, listSamples, type Sample, type SampleRequest } from '../../services/audit-flow';
import { auditKeys } from '../../services/audit-model';
import { keys } from '../../services/query-keys';
import { listRecords } from '../../services/records';
import { useAppSubjects } from '../fields/pickers';
import { useT } from '../useT';
import { textOf } from './actions';
import { useRefreshAudit, useValueLabel } from './hooks';

/** A drawn sample: population, selection, generator, seed and the selected records. */
export function SampleView({ sample }: { sample: Sample }) {
  const t = useT();
  const label = useValueLabel();
  return (
    <div data-testid="sample-result">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('auditProcess.sample.population')}>
          {sample.populationSubject} ({sample.populationCount})
        </Descriptions.Item>
        <Descriptions.Item label={t('auditProcess.sample.selection')}>{label(sample.selection)}</Descriptions.Item>
        <Descriptions.Item label={t('auditProcess.sample.seed')}>
          <Typography.Text code copyable data-testid="sample-seed">
            {sample.seed}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('auditProcess.sample.generator')}>{sample.generator}</Descriptions.Item>
        <Descriptions.Item label={t('auditProcess.sample.drawnBy')} span={2}>
          {sample.drawnByLabel} · {dayjs(sample.drawnAt).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
      </Descriptions>
      <List
        size="small"
        header={t('auditProcess.sample.selected', { n: sample.selected.length })}
        dataSource={sample.selected}
        data-testid="sample-selected"
        renderItem={(s, i) => (
          <List.Item>
            {i + 1}. {s.label || s.id}
          </List.Item>
        )}
      />
    </div>
  );
}

export interface SampleModalProps {
  app: string;
  procedure: RecordItem | null;
  onClose: () => void;
}

export default function SampleModal({ app, procedure, onClose }: SampleModalProps) {
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const [form] = Form.useForm<SampleRequest>();
  const [drawn, setDrawn] = useState<Sample | null>(null);
  const [busy, setBusy] = useState(false);
  const subjects = useAppSubjects(app);
  const id = procedure?.id;
  const earlier = useQuery({
    queryKey: auditKeys.action('samples', app, id),
    queryFn: ({ signal }) => listSamples(app, id!, signal),
    enabled: !!id,
    retry: false,
  });
  const selection = Form.useWatch('selection', form);
  const population = Form.useWatch('populationSubject', form);
  const [q, setQ] = useState('');
  const displayField = (subjects.data ?? []).find((s) => s.key === population)?.displayField ?? null;
  // judgmental: the auditor picks the records (searched by the population's text fields)
  const candidates = useQuery({
    queryKey: keys('records').list({ app, subject: population, q, pageSize: 50, purpose: 'sample' }),
    queryFn: ({ signal }) => listRecords(app, population!, { q, pageSize: 50 }, signal),
    enabled: selection === 'judgmental' && !!population,
  });

  const close = () => {
    setDrawn(null);
    onClose();
  };
  const submit = async () => {
    if (!procedure) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const sample = await drawSample(app, procedure.id, {
        populationSubject: v.populationSubject,
        size: v.selection === 'judgmental' && v.recordIds?.length ? v.recordIds.length : v.size,
        selection: v.selection,
        seed: v.selection === 'judgmental' ? undefined : v.seed?.trim() || undefined,
        recordIds: v.selection === 'judgmental' ? v.recordIds : undefined,
      });
      setDrawn(sample);
      void refresh();
    } catch (e) {
      showFieldErrors(form, e);
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!procedure}
      width={720}
      title={t('auditProcess.sample.title', { name: textOf(procedure?.values.title) })}
      okText={drawn ? t('auditProcess.sample.close') : t('auditProcess.sample.draw')}
      okButtonProps={{ 'data-testid': 'sample-submit' } as never}
      confirmLoading={busy}
      onOk={() => (drawn ? close() : void submit())}
      onCancel={close}
      destroyOnClose
    >
      {drawn ? (
        <SampleView sample={drawn} />
      ) : (
        <>
          <Form
            name="procedure-sample"
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ size: Number(procedure?.values.sample_size) || 5, selection: textOf(procedure?.values.selection) || 'random' }}
          >
            <Form.Item
              name="populationSubject"
              label={t('auditProcess.sample.population')}
              htmlFor="sample-population"
              rules={[{ required: true }]}
            >
              <Select
                id="sample-population"
                data-testid="sample-population"
                showSearch
                optionFilterProp="label"
                loading={subjects.isPending}
                options={(subjects.data ?? []).map((s) => ({ value: s.key, label: `${s.name} (${s.key})` }))}
              />
            </Form.Item>
            <Form.Item name="size" label={t('auditProcess.sample.size')} htmlFor="sample-size" rules={[{ required: true }]}>
              <InputNumber id="sample-size" min={1} max={SAMPLE_SIZE_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="selection" label={t('auditProcess.sample.selection')} htmlFor="sample-selection" rules={[{ required: true }]}>
              <Select id="sample-selection" options={SAMPLE_SELECTIONS.map((s) => ({ value: s, label: label(s) }))} />
            </Form.Item>
            {selection === 'judgmental' && (
              <Form.Item name="recordIds" label={t('auditProcess.sample.records')} htmlFor="sample-records" rules={[{ required: true }]}>
                <Select
                  id="sample-records"
                  mode="multiple"
                  showSearch
                  filterOption={false}
                  onSearch={setQ}
                  disabled={!population}
                  loading={candidates.isFetching}
                  options={(candidates.data?.data ?? []).map((r) => ({
                    value: r.id,
                    label: (displayField && textOf(r.values[displayField])) || r.id,
                  }))}
                />
              </Form.Item>
            )}
            {selection !== 'judgmental' && (
              <Form.Item name="seed" label={t('auditProcess.sample.seedOptional')} htmlFor="sample-seed" extra={t('auditProcess.sample.seedHelp')}>
                <Input id="sample-seed" maxLength={200} />
              </Form.Item>
            )}
          </Form>
          {earlier.isError && <Alert type="warning" showIcon message={earlier.error.message} />}
          {(earlier.data ?? []).length > 0 && (
            <>
              <Typography.Title level={5}>{t('auditProcess.sample.earlier')}</Typography.Title>
              <SampleView sample={earlier.data![0]} />
            </>
          )}
        </>
      )}
    </Modal>
  );
}
