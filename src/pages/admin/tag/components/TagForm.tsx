/**
 * Create/edit modal of a tag (/admin/tag): name and colour (antd ColorPicker, stored as #rrggbb).
 * POST or PATCH /api/v1/tags; a taken name lands under the name field (409 naming 'name').
 */
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { ColorPicker, Form, message, Tag as AntTag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import React from 'react';
import { useIntl } from 'umi';
import type { Tag, TagCreate } from '../../../../../contracts';
import { TAG_COLOR_PATTERN } from '../../../../../contracts/constants';
import { submitForm } from '../../../../services/api-error';
import { createTag, updateTag } from '../../../../services/tags';

const PRESETS = ['#1677ff', '#52c41a', '#fa8c16', '#f5222d', '#eb2f96', '#722ed1', '#13c2c2', '#8c8c8c'];

export default function TagForm({ tag, trigger, onSaved }: { tag?: Tag; trigger: React.ReactElement; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<TagCreate>();
  return (
    <ModalForm<TagCreate>
      title={tag ? t('tag.editTitle') : t('tag.new')}
      form={form}
      name="tagForm"
      width={440}
      trigger={trigger}
      initialValues={tag ? { name: tag.name, color: tag.color } : { color: PRESETS[0] }}
      modalProps={{ destroyOnClose: true }}
      onFinish={(values) =>
        submitForm(form, async () => {
          const saved = tag ? await updateTag(tag.id, values) : await createTag(values);
          message.success(tag ? t('catalog.saved') : t('tag.created', { name: saved.name }));
          onSaved();
        })
      }
    >
      <ProFormText
        name="name"
        label={t('tag.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
      />
      <Form.Item
        name="color"
        label={t('tag.color')}
        rules={[{ required: true, pattern: TAG_COLOR_PATTERN, message: t('common.required') }]}
        getValueFromEvent={(c: Color) => c.toHexString()}
      >
        <ColorPicker showText disabledAlpha presets={[{ label: t('tag.color'), colors: PRESETS }]} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {() => (
          <AntTag color={form.getFieldValue('color') as string}>{(form.getFieldValue('name') as string) || t('tag.name')}</AntTag>
        )}
      </Form.Item>
    </ModalForm>
  );
}
