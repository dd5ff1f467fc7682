/**
 * /init (docs/routes-and-loading.md "Screen names": 初始化): creates the first administrator on an empty database; once one
 * exists the page says so and sends the visitor to /login (the API refuses too: 409 SETUP_CLOSED).
 */
import { Alert, Button, Form, Input, message, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, useIntl } from 'umi';
import type { InitInput } from '../../../contracts';
import AuthCard from '../../components/AuthCard';
import { ApiError, showFieldErrors } from '../../services/api-error';
import { getSetupStatus, initialise } from '../../services/setup';

type InitForm = InitInput & { confirm: string };

export default function InitPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<InitForm>();
  const [state, setState] = useState<'checking' | 'open' | 'closed'>('checking');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    getSetupStatus()
      .then((s) => {
        setState(s.initialized ? 'closed' : 'open');
        if (s.initialized) setTimeout(() => history.replace('/login'), 1500);
      })
      .catch((e) => {
        setState('open');
        setError(e instanceof Error ? e.message : String(e));
      });
  }, []);

  const onFinish = async ({ confirm: _confirm, ...values }: InitForm) => {
    setSubmitting(true);
    setError(null);
    try {
      await initialise(values);
      message.success(t('init.done'));
      history.replace(`/login?email=${encodeURIComponent(values.email)}`);
    } catch (e) {
      showFieldErrors(form, e);
      if (e instanceof ApiError && e.errorCode === 'SETUP_CLOSED') setState('closed');
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('init.title')} width={480}>
      {state === 'checking' && <Spin />}
      {state === 'closed' && <Alert type="info" showIcon message={t('init.closed')} data-testid="init-closed" />}
      {state === 'open' && (
        <>
          <Alert type="info" message={t('init.intro')} style={{ marginBottom: 16 }} />
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="init-error" />}
          <Form name="init" form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item
              name="name"
              label={t('common.name')}
              rules={[{ required: true, whitespace: true, message: t('common.required') }]}
            >
              <Input autoComplete="name" autoFocus maxLength={100} />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('common.email')}
              rules={[{ required: true, type: 'email', message: t('common.required') }]}
            >
              <Input autoComplete="email" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('common.password')}
              extra={t('init.passwordHelp')}
              rules={[{ required: true, message: t('common.required') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('init.confirmPassword')}
              dependencies={['password']}
              rules={[
                { required: true, message: t('common.required') },
                ({ getFieldValue }) => ({
                  validator: (_, value) =>
                    !value || value === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('init.passwordMismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('init.submit')}
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
