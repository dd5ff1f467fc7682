/**
 * The recycle bin's retention: days an object stays in the bin before the daily run
 * purges it, 0 = keep forever. Submits on Enter; a 400 lands on the field.
 */
import { ProForm, ProFormDigit } from '@ant-design/pro-components';
import { Card, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import { RECYCLE_RETENTION_MAX_DAYS } from '../../../../../contracts/constants';
import type { RecycleRetention } from '../../../../../contracts';
import { showFieldErrors, toApiError } from '../../../../services/api-error';
import { getRecycleRetention, setRecycleRetention } from '../../../../services/recycle';
import { TEXT_TERTIARY } from '../../../../../config/theme';

export default function RetentionForm() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<RecycleRetention>();
  return (
    <Card title={t('recycle.retention.title')} size="small" style={{ marginBottom: 16 }}>
      <ProForm<RecycleRetention> name="retentionForm"
        form={form}
        layout="inline"
        isKeyPressSubmit
        request={getRecycleRetention}
        submitter={{
          searchConfig: { submitText: t('recycle.retention.save') },
          resetButtonProps: false,
        }}
        onFinish={async (values) => {
          try {
            const saved = await setRecycleRetention({ days: Number(values.days) });
            message.success(saved.days === 0 ? t('recycle.retention.forever') : t('recycle.retention.saved', { days: saved.days }));
            return true;
          } catch (err) {
            showFieldErrors(form, toApiError(err));
            message.error(toApiError(err).message);
            return false;
          }
        }}
      >
        <ProFormDigit
          name="days"
          label={t('recycle.retention.days')}
          min={0}
          max={RECYCLE_RETENTION_MAX_DAYS}
          fieldProps={{ precision: 0, addonAfter: t('recycle.retention.unit') }}
          rules={[{ required: true, message: t('common.required') }]}
          width="xs"
        />
      </ProForm>
      <div style={{ marginTop: 8, color: TEXT_TERTIARY }}>{t('recycle.retention.help')}</div>
    </Card>
  );
}
