/** Personal center, "Language": the interface language, saved as the user's preference (PATCH /auth/me/preferences) and applied at once. */
import { ProForm, ProFormRadio } from '@ant-design/pro-components';
import { Form, message } from 'antd';
import React from 'react';
import { getLocale, useIntl, useModel } from 'umi';
import { LOCALES } from '../../../../../contracts/constants';
import type { Locale } from '../../../../../contracts/constants';
import { LOCALE_LABELS } from '../../../../components/LanguageSwitch.labels';
import { switchLocale } from '../../../../loaders/locale';
import { submitForm } from '../../../../services/api-error';
import { updatePreferences } from '../../../../services/auth';

export default function LanguageTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<{ locale: Locale }>();
  const { initialState, setInitialState } = useModel('@@initialState');
  const current = (initialState?.currentUser?.locale ?? getLocale()) as Locale;

  return (
    <ProForm<{ locale: Locale }> name="languageTab"
      form={form}
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ locale: current }}
      submitter={{ searchConfig: { submitText: t('common.submit') }, resetButtonProps: false }}
      onFinish={({ locale }) =>
        submitForm(form, async () => {
          const user = await updatePreferences({ locale });
          await setInitialState((s) => ({ ...s, currentUser: user }));
          await switchLocale(locale);
          message.success(t('person.language.saved'));
        })
      }
    >
      <ProFormRadio.Group
        name="locale"
        label={t('person.language.label')}
        extra={t('person.language.help')}
        radioType="button"
        options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
      />
    </ProForm>
  );
}
