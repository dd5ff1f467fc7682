/**
 * The modal that creates a category (under `parentId`, or a root) or renames one (`category`):
 * name and description. POST or PATCH /api/v1/categories; a name taken among the siblings lands
 * under the name field (409 naming 'name').
 */
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React, { useEffect } from 'react';
import { useIntl } from 'umi';
import type { Category, CategoryCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createCategory, updateCategory } from '../../../../services/categories';

/** What the modal is doing: creating under a parent (null = root) or renaming a category. */
export type CategoryEdit =
  { mode: 'create'; parentId: string | null; parentName?: string } | { mode: 'rename'; category: Category };

export default function CategoryNameForm({
  edit,
  onClose,
  onSaved,
}: {
  edit: CategoryEdit | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<CategoryCreate>();
  useEffect(() => {
    if (edit?.mode === 'rename') form.setFieldsValue({ name: edit.category.name, description: edit.category.description ?? '' });
    else if (edit) form.resetFields();
  }, [edit, form]);
  const title = !edit
    ? ''
    : edit.mode === 'rename'
      ? `${t('category.rename')}: ${edit.category.name}`
      : edit.parentId
        ? `${t('category.addChild')}: ${edit.parentName ?? ''}`
        : t('category.newRoot');
  return (
    <ModalForm<CategoryCreate>
      title={title}
      form={form}
      name="categoryName"
      width={480}
      open={Boolean(edit)}
      onOpenChange={(open) => !open && onClose()}
      modalProps={{ destroyOnClose: true }}
      onFinish={(values) =>
        submitForm(form, async () => {
          if (edit?.mode === 'rename')
            await updateCategory(edit.category.id, { name: values.name, description: values.description ?? null });
          else if (edit) await createCategory({ ...values, parentId: edit.parentId });
          message.success(t('catalog.saved'));
          onSaved();
          onClose();
        })
      }
    >
      <ProFormText
        name="name"
        label={t('category.name')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
      />
      <ProFormTextArea name="description" label={t('catalog.description')} fieldProps={{ rows: 3 }} />
    </ModalForm>
  );
}
