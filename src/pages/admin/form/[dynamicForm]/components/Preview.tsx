/**
 * The designer's "Preview" tab: the form as the workspace renders it (FormLayoutItems) with the
 * conditions live, on the unsaved layout. "Check" runs the form's rules; nothing is saved.
 */
import { Alert, Button, Card, Form, message } from 'antd';
import React, { useMemo } from 'react';
import { useIntl } from 'umi';
import type { Field, FormLayout } from '../../../../../../contracts';
import FormLayoutItems, { layoutInitialValues } from '../../../../../components/records/FormLayoutItems';

export default function Preview({ layout, fields }: { layout: FormLayout; fields: Field[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Record<string, unknown>>();
  const initialValues = useMemo(() => layoutInitialValues(layout, fields), [layout, fields]);
  return (
    <Card size="small" data-testid="form-preview">
      <Alert type="info" showIcon message={t('forms.designer.previewHelp')} style={{ marginBottom: 16 }} />
      <Form name="preview" form={form} layout="vertical" initialValues={initialValues} style={{ maxWidth: 640 }}>
        <FormLayoutItems form={form} layout={layout} fields={fields} testIdPrefix="preview" />
        <Button
          onClick={() =>
            void form.validateFields().then(
              () => message.success(t('forms.designer.previewValid')),
              () => undefined,
            )
          }
          data-testid="preview-check"
        >
          {t('forms.designer.previewCheck')}
        </Button>
      </Form>
    </Card>
  );
}
