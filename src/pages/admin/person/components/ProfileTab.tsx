/** Personal center, "Profile": name, job title and phone; the e-mail is shown read-only. */
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, message } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { useIntl, useModel } from 'umi';
import type { Profile, ProfileUpdate } from '../../../../../contracts';
import RouteDataResult from '../../../../components/RouteDataResult';
import { submitForm } from '../../../../services/api-error';
import { getProfile, updateProfile } from '../../../../services/account';
import { keys } from '../../../../services/query-keys';
import { TEXT_TERTIARY } from '../../../../../config/theme';

/** react-query key of the signed-in user's profile. */
export const PROFILE_KEY = keys('profile').detail('me');

export default function ProfileTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<ProfileUpdate>();
  const queryClient = useQueryClient();
  const { setInitialState } = useModel('@@initialState');
  const query = useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });

  return (
    <RouteDataResult query={query}>
      {(profile: Profile) => (
        <ProForm<ProfileUpdate> name="profileTab"
          form={form}
          layout="vertical"
          style={{ maxWidth: 480 }}
          initialValues={{ name: profile.name, title: profile.title ?? '', phone: profile.phone ?? '' }}
          submitter={{ searchConfig: { submitText: t('common.submit') }, resetButtonProps: false }}
          onFinish={(values) =>
            submitForm(form, async () => {
              const saved = await updateProfile(values);
              queryClient.setQueryData(PROFILE_KEY, saved);
              await setInitialState((s) => ({ ...s, currentUser: s?.currentUser ? { ...s.currentUser, name: saved.name } : null }));
              message.success(t('person.profile.saved'));
            })
          }
        >
          <Form.Item label={t('common.email')} htmlFor="profile-email" extra={t('person.profile.emailHelp')}>
            <Input id="profile-email" value={profile.email} readOnly variant="filled" />
          </Form.Item>
          <ProFormText name="name" label={t('person.profile.name')} rules={[{ required: true, whitespace: true, message: t('common.required') }]} fieldProps={{ maxLength: 100 }} />
          <ProFormText name="title" label={t('person.profile.title')} fieldProps={{ maxLength: 100 }} />
          <ProFormText name="phone" label={t('person.profile.phone')} fieldProps={{ maxLength: 32, inputMode: 'tel' }} />
          <div style={{ color: TEXT_TERTIARY, marginBottom: 16 }}>
            {t('person.profile.memberSince')}: {dayjs(profile.createdAt).format('YYYY-MM-DD')}
          </div>
        </ProForm>
      )}
    </RouteDataResult>
  );
}
