/**
 * The layout header's actions: notices bell and application switcher (signed in) and language
 * switch. Loaded lazily by src/app.tsx so the dropdown/menu code stays out of the first-load bundle;
 * the bell's popover content is a further lazy chunk (NoticeBell.tsx).
 */
import React from 'react';
import { useModel } from 'umi';
import AppSwitcher from './AppSwitcher';
import LanguageSwitch from './LanguageSwitch';
import NoticeBell from './NoticeBell';

export default function HeaderActions({ signedIn, currentApp }: { signedIn: boolean; currentApp?: string }) {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser ?? null;
  return (
    <>
      {signedIn && user && <NoticeBell currentApp={currentApp} isAdmin={user.isAdmin} lastApp={user.lastApp} />}
      {signedIn && <AppSwitcher current={currentApp} />}
      <LanguageSwitch />
    </>
  );
}
