/**
 * Create or edit a client in a ModalForm (Clients): code, name, industry (suggested from
 * those in use), status, contacts (a list editor: name, job title, e-mail, phone), linked
 * applications, address and notes. Server field errors land under their fields, also inside the
 * contacts list (`contacts.1.email`); what was typed stays.
 */
import {
  ModalForm,
  ProFormGroup,
  ProFormList,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Client, ClientContactInput, ClientStatus } from '../../../../../contracts';
import { CLIENT_CODE_PATTERN, CLIENT_CONTACTS_MAX, CLIENT_STATUSES } from '../../../../../contracts/constants';
import { submitForm } from '../../../../services/api-error';
import { createClient, listClientIndustries, updateClient } from '../../../../services/clients';
import ApplicationsSelect from './ApplicationsSelect';
import { keys } from '../../../../services/query-keys';

interface Values {
  code: string;
  name: string;
  industry?: string;
  status: ClientStatus;
  contacts: ClientContactInput[];
  applicationIds: string[];
  address?: string;
  notes?: string;
}

export default function ClientFormModal({
  client,
  trigger,
  onDone,
}: {
  /** The client to edit; absent to create one. */
  client?: Client;
  trigger: JSX.Element;
  onDone: (id: string) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const industries = useQuery({ queryKey: keys('clients').action('industries'), queryFn: listClientIndustries });
  const initialValues: Values = client
    ? {
        code: client.code,
        name: client.name,
        industry: client.industry ?? '',
        status: client.status,
        contacts: client.contacts.map((c) => ({ name: c.name, title: c.title ?? '', email: c.email ?? '', phone: c.phone ?? '' })),
        applicationIds: client.applications.map((a) => a.id),
        address: client.address ?? '',
        notes: client.notes ?? '',
      }
    : { code: '', name: '', status: 'active', contacts: [], applicationIds: [] };

  return (
    <ModalForm<Values> name="clientFormModal"
      title={t(client ? 'clients.edit' : 'clients.create')}
      form={form}
      width={760}
      trigger={trigger}
      modalProps={{ destroyOnClose: true }}
      initialValues={initialValues}
      onFinish={(values) =>
        submitForm(form, async () => {
          const body = {
            code: values.code,
            name: values.name,
            industry: values.industry ?? '',
            status: values.status,
            contacts: values.contacts ?? [],
            applicationIds: values.applicationIds ?? [],
            address: values.address ?? '',
            notes: values.notes ?? '',
          };
          const saved = client ? await updateClient(client.id, body) : await createClient(body);
          message.success(t(client ? 'clients.saved' : 'clients.created', { name: saved.name }));
          void industries.refetch();
          onDone(saved.id);
        })
      }
    >
      <ProFormGroup>
        <ProFormText
          name="code"
          label={t('clients.code')}
          width="md"
          extra={t('clients.code.help')}
          rules={[
            { required: true, message: t('common.required') },
            { pattern: CLIENT_CODE_PATTERN, message: t('clients.code.help') },
          ]}
          fieldProps={{ maxLength: 32 }}
        />
        <ProFormText
          name="name"
          label={t('common.name')}
          width="md"
          rules={[{ required: true, whitespace: true, message: t('common.required') }]}
          fieldProps={{ maxLength: 200 }}
        />
      </ProFormGroup>
      <ProFormGroup>
        <Form.Item name="industry" label={t('clients.industry')} style={{ width: 216 }}>
          <AutoComplete
            maxLength={100}
            data-testid="client-field-industry"
            options={(industries.data ?? []).map((i) => ({ value: i }))}
            filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
          />
        </Form.Item>
        <ProFormRadio.Group
          name="status"
          label={t('clients.status')}
          radioType="button"
          options={CLIENT_STATUSES.map((s) => ({ value: s, label: t(`clients.status.${s}`) }))}
        />
      </ProFormGroup>
      <ProFormList
        name="contacts"
        label={t('clients.contacts')}
        max={CLIENT_CONTACTS_MAX}
        creatorButtonProps={{ creatorButtonText: t('clients.contacts.add') }}
        creatorRecord={{ name: '', title: '', email: '', phone: '' }}
        copyIconProps={false}
        deleteIconProps={{ tooltipText: t('clients.contacts.remove') }}
      >
        <ProFormGroup size={8}>
          <ProFormText
            name="name"
            placeholder={t('clients.contact.name')}
            rules={[{ required: true, whitespace: true, message: t('common.required') }]}
            fieldProps={{ maxLength: 100, style: { width: 170 } }}
          />
          <ProFormText name="title" placeholder={t('clients.contact.title')} fieldProps={{ maxLength: 100, style: { width: 130 } }} />
          <ProFormText
            name="email"
            placeholder={t('common.email')}
            rules={[{ type: 'email', message: t('login.emailInvalid') }]}
            fieldProps={{ style: { width: 200 } }}
          />
          <ProFormText name="phone" placeholder={t('clients.contact.phone')} fieldProps={{ maxLength: 32, style: { width: 140 } }} />
        </ProFormGroup>
      </ProFormList>
      <Form.Item name="applicationIds" label={t('clients.applications')} extra={t('clients.applications.help')}>
        <ApplicationsSelect known={client?.applications} placeholder={t('people.pick.application')} testId="client-field-applications" />
      </Form.Item>
      <ProFormTextArea name="address" label={t('clients.address')} fieldProps={{ maxLength: 500, rows: 2 }} />
      <ProFormTextArea name="notes" label={t('clients.notes')} fieldProps={{ maxLength: 5000, rows: 3 }} />
    </ModalForm>
  );
}
