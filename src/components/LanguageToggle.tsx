/**
 * The language choice of the pages outside the layout (/login, /init, the home picker): one text
 * button per language, no dropdown, so the login page stays within its first-load budget.
 * Saving the choice for a signed-in user is LanguageSwitch's job in the header.
 */
import { Button, Space } from 'antd';
import React from 'react';
import { getLocale } from 'umi';
import { LOCALES } from '../../contracts/constants';
import { switchLocale } from '../loaders/locale';
import { LOCALE_LABELS } from './LanguageSwitch.labels';

export default function LanguageToggle() {
  const current = getLocale();
  return (
    <Space size={0} data-testid="language-toggle">
      {LOCALES.map((l) => (
        <Button key={l} type="link" size="small" disabled={l === current} onClick={() => void switchLocale(l)}>
          {LOCALE_LABELS[l]}
        </Button>
      ))}
    </Space>
  );
}
