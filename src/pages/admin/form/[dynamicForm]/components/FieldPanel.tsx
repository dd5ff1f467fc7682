/**
 * The designer's right panel: the selected placed field's label (default: the field's name), help
 * text, placeholder, default value (the field's own input), `visibleIf` and `requiredIf`.
 */
import { Card, Empty, Form, Input, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field, FormField } from '../../../../../../contracts';
import { FieldInput } from '../../../../../components/fields';
import ConditionEditor from './ConditionEditor';

export default function FieldPanel({
  placed,
  field,
  fields,
  onChange,
}: {
  placed?: FormField;
  field?: Field;
  /** Every field of the subject (conditions may name any but the edited one). */
  fields: Field[];
  onChange: (patch: Partial<FormField>) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (!placed || !field) {
    return (
      <Card size="small" title={t('forms.designer.properties')} data-testid="field-panel">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forms.designer.selectField')} />
      </Card>
    );
  }
  const others = fields.filter((f) => f.key !== field.key);
  return (
    <Card size="small" title={t('forms.designer.properties')} data-testid="field-panel">
      <Form name="fieldPanel" layout="vertical" size="small" key={field.key}>
        <Form.Item label={t('forms.designer.fieldName')}>
          <Typography.Text strong>{field.name}</Typography.Text> <Typography.Text code>{field.key}</Typography.Text>
        </Form.Item>
        <Form.Item label={t('forms.designer.label')}>
          <Input value={placed.label ?? ''} placeholder={field.name} maxLength={100} onChange={(e) => onChange({ label: e.target.value })} data-testid="prop-label" />
        </Form.Item>
        <Form.Item label={t('forms.designer.helpText')}>
          <Input.TextArea rows={2} value={placed.helpText ?? ''} placeholder={field.helpText ?? ''} maxLength={500} onChange={(e) => onChange({ helpText: e.target.value })} data-testid="prop-help" />
        </Form.Item>
        <Form.Item label={t('forms.designer.placeholder')}>
          <Input value={placed.placeholder ?? ''} maxLength={200} onChange={(e) => onChange({ placeholder: e.target.value })} data-testid="prop-placeholder" />
        </Form.Item>
        <Form.Item label={t('forms.designer.defaultValue')}>
          <FieldInput field={field} value={placed.defaultValue ?? null} onChange={(v) => onChange({ defaultValue: v === null || v === '' ? undefined : v })} data-testid="prop-default" />
        </Form.Item>
        <Form.Item label={t('forms.designer.visibleIf')}>
          <ConditionEditor group={placed.visibleIf} fields={others} onChange={(g) => onChange({ visibleIf: g })} emptyText={t('forms.designer.always')} testId="visible-if" />
        </Form.Item>
        <Form.Item label={t('forms.designer.requiredIf')}>
          <ConditionEditor group={placed.requiredIf} fields={others} onChange={(g) => onChange({ requiredIf: g })} emptyText={t('forms.designer.never')} testId="required-if" />
        </Form.Item>
      </Form>
    </Card>
  );
}
