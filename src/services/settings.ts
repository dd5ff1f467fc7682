/** System settings: /api/v1/settings (administrators) and /settings/public (anyone); contracts/settings.ts. */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { PublicSettings, SettingsUpdate, SettingsView } from '../../contracts';

/** Site name, logo, default language, password policy, upload limit (no sign-in needed). */
export async function getPublicSettings(): Promise<PublicSettings> {
  const res = await request<Ok<PublicSettings>>('/api/v1/settings/public', { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Every setting and its version (administrators). */
export async function getSettings(): Promise<SettingsView> {
  const res = await request<Ok<SettingsView>>('/api/v1/settings', { method: 'GET' });
  return res.data;
}

/** Saves the settings given (send `version` from getSettings); 400 names the field, 409 when someone saved meanwhile. */
export async function updateSettings(input: SettingsUpdate): Promise<SettingsView> {
  const res = await request<Ok<SettingsView>>('/api/v1/settings', { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}
