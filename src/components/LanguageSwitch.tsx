/**
 * Header language switch (docs/product.md "Layout": the language is a user preference). Switches
 * Umi's locale without reload and saves it on the server for a signed-in user.
 */
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import React from 'react';
import { getLocale, useIntl, useModel } from 'umi';
import { LOCALES } from '../../contracts/constants';
import type { Locale } from '../../contracts/constants';
import { switchLocale } from '../loaders/locale';
import { updatePreferences } from '../services/auth';
import { LOCALE_LABELS } from './LanguageSwitch.labels';
import { PICKED_SIGNED_OUT_KEY, VISITOR_CHOICE_KEY } from '../utils/locale-choice';

export default function LanguageSwitch() {
  const intl = useIntl();
  const { initialState, setInitialState } = useModel('@@initialState');
  const current = getLocale() as Locale;

  const choose = async (locale: Locale) => {
    await switchLocale(locale);
    if (!initialState?.currentUser) {
      // a visitor's pick: kept for this browser, and saved as the preference at sign-in (login page)
      window.localStorage.setItem(VISITOR_CHOICE_KEY, locale);
      window.sessionStorage.setItem(PICKED_SIGNED_OUT_KEY, locale);
    } else {
      const user = await updatePreferences({ locale }).catch(() => null);
      if (user) await setInitialState((s) => ({ ...s, currentUser: user }));
    }
  };

  return (
    <Dropdown
      menu={{
        selectedKeys: [current],
        items: LOCALES.map((l) => ({ key: l, label: LOCALE_LABELS[l] })),
        onClick: ({ key }) => void choose(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        // the name starts with the words shown (WCAG 2.5.3 "label in name"), then says what the button is for
        aria-label={`${LOCALE_LABELS[current] ?? current} (${intl.formatMessage({ id: 'header.language' })})`}
        data-testid="language-switch"
      >
        {LOCALE_LABELS[current] ?? current}
      </Button>
    </Dropdown>
  );
}
