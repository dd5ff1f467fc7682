/**
 * /login (SPEC.md §2, 登录): e-mail and password; on success back to `?redirect=` (same-origin
 * paths only) or `/`. An empty installation is sent to /init. No ProComponents here: the login
 * page stays small (issue 3's first-load budget).
 */
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, useIntl, useModel, useSearchParams } from 'umi';
import type { LoginInput } from '../../../contracts';
import AuthCard from '../../components/AuthCard';
import { ApiError, showFieldErrors } from '../../services/api-error';
import { login } from '../../services/auth';
import { getSetupStatus } from '../../services/setup';
import { safeRedirect } from './redirect';

export default function LoginPage() {
  const intl = useIntl();
  const [form] = Form.useForm<LoginInput>();
  const [params] = useSearchParams();
  const { initialState, setInitialState } = useModel('@@initialState');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const target = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (initialState?.currentUser) {
      history.replace(target);
      return;
    }
    getSetupStatus()
      .then((s) => !s.initialized && history.replace('/init'))
      .catch(() => undefined);
  }, []);

  const onFinish = async (values: LoginInput) => {
    setSubmitting(true);
    setError(null);
    try {
      const user = await login(values);
      await setInitialState((s) => ({ ...s, currentUser: user }));
      history.replace(target);
    } catch (e) {
      showFieldErrors(form, e);
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={intl.formatMessage({ id: 'login.title' })}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ email: params.get('email') ?? '' }}
        requiredMark={false}
      >
        <Form.Item
          name="email"
          label={intl.formatMessage({ id: 'common.email' })}
          rules={[{ required: true, type: 'email', message: intl.formatMessage({ id: 'common.required' }) }]}
        >
          <Input prefix={<MailOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={intl.formatMessage({ id: 'common.password' })}
          rules={[{ required: true, message: intl.formatMessage({ id: 'common.required' }) }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {intl.formatMessage({ id: 'login.submit' })}
        </Button>
      </Form>
    </AuthCard>
  );
}
