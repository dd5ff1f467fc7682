/**
 * Personal center, "Password": the current password and a new one twice. The new one is checked
 * as it is typed against the site's password policy (contracts/password-policy.ts; the server
 * checks again). On success the server has signed out the user's other sessions, revoked their
 * API tokens (the message says how many) and renewed this one's cookie; an expired password stops
 * being expired.
 */
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Form, message } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { useIntl, useModel } from 'umi';
import { useQuery } from '@tanstack/react-query';
import type { PasswordChange } from '../../../../../contracts';
import { passwordPolicyProblem } from '../../../../../contracts/password-policy';
import { SITE_FALLBACK } from '../../../../initialState';
import { submitForm } from '../../../../services/api-error';
import { changePassword, getProfile } from '../../../../services/account';
import { PROFILE_KEY } from './ProfileTab';
import { TEXT_TERTIARY } from '../../../../../config/theme';

type Values = PasswordChange & { confirm: string };

export default function PasswordTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const { initialState, setInitialState } = useModel('@@initialState');
  const policy = (initialState?.site ?? SITE_FALLBACK).passwordPolicy;
  const expired = initialState?.currentUser?.passwordExpired === true;
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile });

  const changed = profile.data
    ? [
        t('person.password.changedAt', { at: dayjs(profile.data.passwordChangedAt).format('YYYY-MM-DD HH:mm') }),
        profile.data.passwordExpiresAt ? t('person.password.expiresAt', { at: dayjs(profile.data.passwordExpiresAt).format('YYYY-MM-DD') }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;

  return (
    <div style={{ maxWidth: 480 }}>
      {expired && <Alert type="warning" showIcon message={t('person.password.expired')} style={{ marginBottom: 16 }} data-testid="password-expired" />}
      {changed && <p style={{ color: TEXT_TERTIARY }}>{changed}</p>}
      <ProForm<Values> name="passwordTab"
        form={form}
        layout="vertical"
        submitter={{ searchConfig: { submitText: t('person.password.submit') }, resetButtonProps: false }}
        onFinish={({ currentPassword, newPassword }) =>
          submitForm(form, async () => {
            const { user, tokensRevoked } = await changePassword({ currentPassword, newPassword });
            await setInitialState((s) => ({ ...s, currentUser: user }));
            form.resetFields();
            void profile.refetch();
            message.success(tokensRevoked > 0 ? t('person.password.doneTokens', { n: tokensRevoked }) : t('person.password.done'));
          })
        }
      >
        <ProFormText.Password
          name="currentPassword"
          label={t('person.password.current')}
          rules={[{ required: true, message: t('common.required') }]}
          fieldProps={{ autoComplete: 'current-password' }}
        />
        <ProFormText.Password
          name="newPassword"
          label={t('person.password.new')}
          extra={t('person.password.policy', { min: policy.minLength, n: policy.requiredClasses })}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: t('common.required') },
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = value ? passwordPolicyProblem(value, policy) : null;
                if (problem?.messageKey === 'errors.password.policyLength') throw new Error(t('person.password.policyLength', problem.params));
                if (problem) throw new Error(t('person.password.policyClasses', problem.params));
              },
            },
          ]}
        />
        <ProFormText.Password
          name="confirm"
          label={t('person.password.confirm')}
          dependencies={['newPassword']}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: t('common.required') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('person.password.mismatch'));
              },
            }),
          ]}
        />
      </ProForm>
    </div>
  );
}
