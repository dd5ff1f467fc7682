/**
 * Create or edit a group (name, description) in a ModalForm. A taken name (409) lands on the name
 * field; what was typed stays.
 */
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Group, GroupCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createGroup, updateGroup } from '../../../../services/groups';

export default function GroupFormModal({
  group,
  trigger,
  onDone,
}: {
  /** The group to edit; absent to create one. */
  group?: Pick<Group, 'id' | 'name' | 'description'>;
  trigger: JSX.Element;
  onDone: (id: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<GroupCreate>();
  return (
    <ModalForm<GroupCreate> name="groupFormModal"
      title={t(group ? 'people.group.edit' : 'people.group.create')}
      form={form}
      width={520}
      trigger={trigger}
      modalProps={{ destroyOnClose: true }}
      initialValues={group ? { name: group.name, description: group.description ?? '' } : undefined}
      onFinish={(values) =>
        submitForm(form, async () => {
          const saved = group
            ? await updateGroup(group.id, { name: values.name, description: values.description ?? '' })
            : await createGroup(values);
          message.success(t(group ? 'people.group.saved' : 'people.group.created', { name: saved.name }));
          onDone(saved.id);
        })
      }
    >
      <ProFormText name="name" label={t('common.name')} rules={[{ required: true, whitespace: true, message: t('common.required') }, { max: 100 }]} />
      <ProFormTextArea name="description" label={t('people.group.description')} rules={[{ max: 500 }]} fieldProps={{ rows: 3 }} />
    </ModalForm>
  );
}
