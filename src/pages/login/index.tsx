/**
 * /login (docs/routes-and-loading.md "Screen names": 登录): e-mail and password; on success back to `?redirect=` (same-origin
 * paths only) or `/`. An empty installation is sent to /init. The form is a native <form> with
 * antd inputs rather than antd Form (rc-field-form + tooltip ≈ 45 KB gzip): the login page is the
 * first thing every user loads and stays within its 300 KB budget (docs/routes-and-loading.md "First-load budget"). What was typed is kept
 * on any error; a field error stands under its field.
 */
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, useIntl, useModel, useSearchParams } from 'umi';
import AuthCard from '../../components/AuthCard';
import { switchLocale } from '../../loaders/locale';
import { ApiError, toFormFields } from '../../services/api-error';
import { login, updatePreferences } from '../../services/auth';
import { getSetupStatus } from '../../services/setup';
import { localeToSaveAtSignIn, PICKED_SIGNED_OUT_KEY } from '../../utils/locale-choice';
import styles from './index.less';
import { safeRedirect } from './redirect';
import { validateLogin } from './validate';
import type { LoginErrors } from './validate';

export default function LoginPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params] = useSearchParams();
  const { initialState, setInitialState } = useModel('@@initialState');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
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

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = validateLogin({ email, password });
    setFieldErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [k, v && t(v)])));
    if (Object.keys(local).length) return;
    setSubmitting(true);
    setError(null);
    try {
      let user = await login({ email, password });
      // The saved language wins; only one picked on this page just now becomes the new preference.
      const picked = localeToSaveAtSignIn(user.locale, window.sessionStorage.getItem(PICKED_SIGNED_OUT_KEY));
      window.sessionStorage.removeItem(PICKED_SIGNED_OUT_KEY);
      if (picked) user = await updatePreferences({ locale: picked }).catch(() => user);
      // the user's language, with the messages of the screens they are going to (no ids flash)
      await switchLocale(user.locale, { pages: true });
      await setInitialState((s) => ({ ...s, currentUser: user }));
      history.replace(target);
    } catch (e) {
      setFieldErrors(Object.fromEntries(toFormFields(e).map((f) => [String(f.name[0]), f.errors.join('; ')])));
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      {error && <Alert type="error" showIcon message={error} className={styles.alert} data-testid="login-error" />}
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label htmlFor="login-email">{t('common.email')}</label>
          <Input
            id="login-email"
            type="email"
            prefix={<MailOutlined />}
            autoComplete="username"
            autoFocus
            value={email}
            status={fieldErrors.email ? 'error' : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {fieldErrors.email && <div className={styles.error}>{fieldErrors.email}</div>}
        </div>
        <div className={styles.field}>
          <label htmlFor="login-password">{t('common.password')}</label>
          <Input.Password
            id="login-password"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={password}
            status={fieldErrors.password ? 'error' : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {fieldErrors.password && <div className={styles.error}>{fieldErrors.password}</div>}
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
