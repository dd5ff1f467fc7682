/**
 * Adds a shared filter to a dashboard: its kind (date range, client, select), its label and the
 * field it narrows, picked among the fields of the cards' base subjects that the kind fits
 * (FILTER_FIELD_TYPES; a card whose subject lacks the field shows the filter as not applied).
 */
import { Form, Input, Modal, Radio, Select } from 'antd';
import React, { useEffect } from 'react';
import type { DashboardFilter } from '../../../contracts';
import { DASHBOARD_FILTER_KINDS } from '../../../contracts/constants';
import { useT } from '../useT';
import { FILTER_FIELD_TYPES, newId } from './layout';
import type { DashboardField } from './useDashboardFields';

export interface AddFilterModalProps {
  open: boolean;
  filters: readonly DashboardFilter[];
  fields: readonly DashboardField[];
  saving: boolean;
  onCancel: () => void;
  onAdd: (filter: DashboardFilter) => void;
}

interface Values {
  kind: DashboardFilter['kind'];
  label: string;
  field: string;
}

export default function AddFilterModal({ open, filters, fields, saving, onCancel, onAdd }: AddFilterModalProps) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'date';
  useEffect(() => {
    if (open) form.setFieldsValue({ kind: 'date', label: '', field: undefined });
  }, [open, form]);
  const fitting = fields.filter((f) => FILTER_FIELD_TYPES[kind].includes(f.type));
  const options = [
    ...new Map(fitting.map((f) => [f.key, { value: f.key, label: `${f.name} (${f.subjectName} · ${f.key})` }])).values(),
  ];

  return (
    <Modal
      open={open}
      title={t('dashboards.filters.add')}
      okText={t('dashboards.filters.addOk')}
      okButtonProps={{ 'data-testid': 'dashboard-filter-add-ok' }}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onAdd({ id: newId('f', filters), kind: v.kind, label: v.label.trim(), field: v.field }))
      }
      destroyOnHidden
    >
      <Form form={form} name="dashboardFilter" layout="vertical" initialValues={{ kind: 'date' }}>
        <Form.Item name="kind" label={t('dashboards.filters.kind')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={DASHBOARD_FILTER_KINDS.map((k) => ({ value: k, label: t(`dashboards.filters.kind.${k}`) }))}
            onChange={() => form.setFieldValue('field', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="field"
          label={t('dashboards.filters.field')}
          rules={[{ required: true, message: t('dashboards.required') }]}
          extra={t('dashboards.filters.fieldHelp')}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={options}
            notFoundContent={t('dashboards.filters.noField')}
            onChange={(key: string) => {
              if (!form.getFieldValue('label')) form.setFieldValue('label', fields.find((f) => f.key === key)?.name ?? key);
            }}
          />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('dashboards.filters.label')}
          rules={[{ required: true, whitespace: true, message: t('dashboards.required') }, { max: 60 }]}
        >
          <Input maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
