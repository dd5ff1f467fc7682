/**
 * /api/v1/settings: the system settings (contracts/settings.ts).
 * Reading and changing them is for administrators; the public part (site name, logo, default
 * language, password policy, upload limit) is open to anyone, for the login page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema, publicSettingsSchema, settingsUpdateSchema, settingsViewSchema } from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf, markUnchanged } from '../../core/audit.plugin';
import { requireAdmin } from '../../core/auth.plugin';
import { getPublicSettings, getSettingsView, updateSettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /settings/public — anyone → 200 PublicSettings `{ siteName, logo, defaultLocale, passwordPolicy, uploadMaxMb }`. */
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Site name, logo, default language, password policy (no sign-in needed)',
        response: { 200: okSchema(publicSettingsSchema), ...errorResponses },
      },
    },
    async () => ok(await getPublicSettings(app.db)),
  );

  /** GET /settings — administrators → 200 SettingsView (every setting + `version`). 401/403. */
  app.get(
    '/settings',
    {
      preValidation: requireAdmin,
      schema: { tags: ['settings'], summary: 'System settings', response: { 200: okSchema(settingsViewSchema), ...errorResponses } },
    },
    async () => ok(await getSettingsView(app.db)),
  );

  /**
   * PATCH /settings — administrators; body settingsUpdateSchema (any subset + optional `version`)
   * → 200 SettingsView, applied at once, audited `settings.update` (changed keys only). 400 naming
   * the field; 409 CONFLICT when `version` is stale; 401/403.
   */
  app.patch(
    '/settings',
    {
      preValidation: requireAdmin,
      config: { audit: ['settings.update'] },
      schema: {
        tags: ['settings'],
        summary: 'Change system settings',
        body: settingsUpdateSchema,
        response: { 200: okSchema(settingsViewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { view, changed } = await updateSettings(app.db, request.body, auditOf(request));
      if (!changed) markUnchanged(request);
      return ok(view);
    },
  );
};
