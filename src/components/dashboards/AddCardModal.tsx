/**
 * Adds a card to a dashboard: one of the application's saved analytics queries, an optional title,
 * and how it shows — as the query was saved (its visualization), as a table, or as a chart of a
 * chosen type (the card's own `visualization`, which overrides the query's).
 */
import { Form, Input, Modal, Select } from 'antd';
import React, { useEffect } from 'react';
import type { ChartType, DashboardCard } from '../../../contracts';
import { CHART_TYPES } from '../../../contracts/constants';
import { useT } from '../useT';
import { newId, nextPlace } from './layout';
import { useAnalyticsQueries } from './useDashboardFields';

export interface AddCardModalProps {
  open: boolean;
  slug: string;
  cards: readonly DashboardCard[];
  saving: boolean;
  onCancel: () => void;
  onAdd: (card: DashboardCard) => void;
}

type Display = 'saved' | 'table' | ChartType;

interface Values {
  queryId: string;
  title?: string;
  display: Display;
}

/** The card's visualization for a display choice (none: the saved query's). */
export function visualizationOf(display: Display): DashboardCard['visualization'] {
  if (display === 'saved') return undefined;
  if (display === 'table') return { display: 'table' };
  return { display: 'chart', chart: { type: display } };
}

export default function AddCardModal({ open, slug, cards, saving, onCancel, onAdd }: AddCardModalProps) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const queries = useAnalyticsQueries(slug);
  useEffect(() => {
    if (open) form.setFieldsValue({ queryId: undefined, title: '', display: 'saved' });
  }, [open, form]);

  const displays: { value: Display; label: string }[] = [
    { value: 'saved', label: t('dashboards.card.display.saved') },
    { value: 'table', label: t('dashboards.card.display.table') },
    ...CHART_TYPES.map((c) => ({ value: c, label: t('dashboards.card.display.chart', { type: t(`dashboards.chart.${c}`) }) })),
  ];

  return (
    <Modal
      open={open}
      title={t('dashboards.card.add')}
      okText={t('dashboards.card.addOk')}
      okButtonProps={{ 'data-testid': 'dashboard-card-add-ok' }}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then((v) => {
          const visualization = visualizationOf(v.display);
          onAdd({
            id: newId('c', cards),
            queryId: v.queryId,
            ...(v.title?.trim() ? { title: v.title.trim() } : {}),
            ...(visualization ? { visualization } : {}),
            ...nextPlace(cards),
          });
        })
      }
      destroyOnHidden
    >
      <Form form={form} name="dashboardCard" layout="vertical" initialValues={{ display: 'saved' }}>
        <Form.Item
          name="queryId"
          label={t('dashboards.card.query')}
          rules={[{ required: true, message: t('dashboards.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={queries.isPending}
            notFoundContent={t('dashboards.card.noQuery')}
            options={(queries.data?.data ?? []).map((q) => ({ value: q.id, label: `${q.name} (${q.subjectName})` }))}
          />
        </Form.Item>
        <Form.Item name="title" label={t('dashboards.card.title')} rules={[{ max: 100 }]}>
          <Input maxLength={100} placeholder={t('dashboards.card.titleHint')} />
        </Form.Item>
        <Form.Item name="display" label={t('dashboards.card.display')}>
          <Select options={displays} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
