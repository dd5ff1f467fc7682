/**
 * Header language switch (PRODUCT.md "Layout": the language is a user preference). Switches
 * Umi's locale without reload and saves it on the server for a signed-in user.
 */
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import React from 'react';
import { getLocale, setLocale, useIntl, useModel } from 'umi';
import { LOCALES } from '../../contracts/constants';
import type { Locale } from '../../contracts/constants';
import { updatePreferences } from '../services/auth';

const LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export default function LanguageSwitch() {
  const intl = useIntl();
  const { initialState, setInitialState } = useModel('@@initialState');
  const current = getLocale() as Locale;

  const choose = async (locale: Locale) => {
    setLocale(locale, false);
    if (initialState?.currentUser) {
      const user = await updatePreferences({ locale }).catch(() => null);
      if (user) await setInitialState((s) => ({ ...s, currentUser: user }));
    }
  };

  return (
    <Dropdown
      menu={{
        selectedKeys: [current],
        items: LOCALES.map((l) => ({ key: l, label: LABELS[l] })),
        onClick: ({ key }) => void choose(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={intl.formatMessage({ id: 'header.language' })}
        data-testid="language-switch"
      >
        {LABELS[current] ?? current}
      </Button>
    </Dropdown>
  );
}
