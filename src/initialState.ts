/** The shape of Umi's initial state (plugin-initial-state): who is signed in, and the site's public settings. */
import type { CurrentUser, PublicSettings } from '../contracts';
import { DEFAULT_PASSWORD_POLICY } from '../contracts/password-policy';
import type { WorkspaceMenuData } from './layouts/menu';

export interface InitialState {
  /** `null` for an anonymous visitor. */
  currentUser: CurrentUser | null;
  /** Site name, logo, default language, password policy (GET /settings/public; SITE_FALLBACK when it failed). */
  site?: PublicSettings;
  /** The open workspace's modules, subjects and views, for its menu (set by the `/:app` route). */
  workspace?: WorkspaceMenuData;
}

/** What the layout and the login page show when the public settings could not be read. */
export const SITE_FALLBACK: PublicSettings = {
  siteName: 'Assay',
  logo: null,
  defaultLocale: 'zh-CN',
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  uploadMaxMb: 50,
};

/** The logo to show: the site's own, or Assay's. */
export function logoOf(site: PublicSettings | undefined): string {
  return site?.logo ?? '/admin/logo.svg';
}
