/**
 * Create or edit an application in a ModalForm (Applications). Create asks the slug
 * (checked against the reserved words by the server), name, description, icon, theme colour,
 * enabled modules and the first members (users picked by name or e-mail, each with a role; the
 * creator is the owner anyway). Edit changes name, description, icon, colour and modules (the
 * slug is fixed; members are managed on the application's page). Server field errors land under
 * their fields (`members.1.userId` under that row); what was typed stays.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { Button, Form, Input, message, Select, Space } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { AppIcon, Application, AppModule, AppRole } from '../../../../../contracts';
import { APP_ROLES, SLUG_PATTERN } from '../../../../../contracts/constants';
import ApplicationFields from '../../../../components/application/ApplicationFields';
import { appIconOf } from '../../../../components/IconByName';
import { submitForm } from '../../../../services/api-error';
import { createApplication, updateApplication } from '../../../../services/applications';
import { UserSelect } from '../../group/components/pickers';

interface Values {
  slug?: string;
  name: string;
  description?: string;
  icon?: AppIcon | null;
  color?: string | null;
  modules?: AppModule[];
  members?: { userId?: string; role: AppRole }[];
}

export default function ApplicationFormModal({
  app,
  trigger,
  onDone,
}: {
  /** The application to edit; absent to create one. */
  app?: Application;
  trigger: JSX.Element;
  onDone: (slug: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const initialValues: Values = app
    ? { name: app.name, description: app.description ?? '', icon: appIconOf(app.icon), color: app.color, modules: app.modules }
    : { name: '', modules: [], members: [] };

  return (
    <ModalForm<Values> name="applicationFormModal"
      title={t(app ? 'applications.edit' : 'applications.create')}
      form={form}
      width={640}
      trigger={trigger}
      modalProps={{ destroyOnClose: true }}
      initialValues={initialValues}
      onFinish={(values) =>
        submitForm(form, async () => {
          const common = {
            name: values.name,
            icon: values.icon ?? null,
            color: values.color ?? null,
            modules: values.modules ?? [],
          };
          if (app) {
            await updateApplication(app.slug, { ...common, description: values.description ?? '' });
            message.success(t('applications.saved', { name: values.name }));
            onDone(app.slug);
          } else {
            const created = await createApplication({
              ...common,
              slug: values.slug ?? '',
              description: values.description || undefined,
              members: (values.members ?? []).filter((m) => m.userId).map((m) => ({ userId: m.userId, role: m.role })),
            });
            message.success(t('applications.created', { name: created.name }));
            onDone(created.slug);
          }
        })
      }
    >
      {!app && (
        <Form.Item
          name="slug"
          label={t('app.slug')}
          extra={t('app.slugHelp')}
          rules={[
            { required: true, message: t('common.required') },
            { pattern: SLUG_PATTERN, message: t('app.slugHelp') },
          ]}
        >
          <Input addonBefore="/" maxLength={32} data-testid="app-field-slug" />
        </Form.Item>
      )}
      <ApplicationFields />
      {!app && (
        <Form.Item label={t('applications.members.initial')} extra={t('applications.members.initial.help')}>
          <Form.List name="members">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field) => (
                  <Space key={field.key} align="start" data-testid="initial-member">
                    <Form.Item name={[field.name, 'userId']} rules={[{ required: true, message: t('common.required') }]} style={{ marginBottom: 0 }}>
                      <UserSelect style={{ width: 300 }} testId={`initial-member-user-${field.name}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'role']} style={{ marginBottom: 0 }}>
                      <Select<AppRole>
                        style={{ width: 120 }}
                        options={APP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
                        data-testid={`initial-member-role-${field.name}`}
                      />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('applications.members.remove')} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ role: 'editor' })} data-testid="initial-member-add">
                  {t('applications.members.add')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
      )}
    </ModalForm>
  );
}
