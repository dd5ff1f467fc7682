/**
 * The layout header's actions: application switcher (signed in) and language switch. Loaded
 * lazily by src/app.tsx so the dropdown/menu code stays out of the first-load bundle.
 */
import React from 'react';
import AppSwitcher from './AppSwitcher';
import LanguageSwitch from './LanguageSwitch';

export default function HeaderActions({ signedIn, currentApp }: { signedIn: boolean; currentApp?: string }) {
  return (
    <>
      {signedIn && <AppSwitcher current={currentApp} />}
      <LanguageSwitch />
    </>
  );
}
