/**
 * What reaches outside the server, configured by the system settings (docs/outbound.md): HTTP
 * requests through the private-address guard with the administrator's allow-list, and e-mail
 * through the configured SMTP server. No routes, no tables: the settings module stores the
 * configuration, the variables module the SMTP password (a global secret variable).
 *
 * For other modules: `outboundFetch(db, request)`, `mailerConfigured(db)`, `sendMail(db, message)`.
 */
import type { Executor } from '../../db/client';
import { sendMailVia, type MailMessage, type MailResult, type SmtpConfig } from '../../lib/mailer';
import {
  compileAllowList,
  outboundRequest,
  type OutboundAllowList,
  type OutboundRequest,
  type OutboundResponse,
} from '../../lib/outbound-http';
import { getSettings } from '../settings/settings.service';
import { readVariable } from '../variables/variables.service';

/** The compiled allow-list of the `outboundAllowedHosts` setting. */
export async function outboundAllowList(db: Executor): Promise<OutboundAllowList> {
  return compileAllowList((await getSettings(db)).outboundAllowedHosts);
}

/**
 * One request through the guard (lib/outbound-http.ts outboundRequest) with the allow-list of the
 * settings. @throws OutboundRefusedError / OutboundFailedError as outboundRequest.
 */
export async function outboundFetch(db: Executor, request: Omit<OutboundRequest, 'allowList'>): Promise<OutboundResponse> {
  return outboundRequest({ ...request, allowList: await outboundAllowList(db) });
}

/** Why e-mail cannot be sent as configured. */
export class MailerNotConfiguredError extends Error {
  readonly code = 'MAILER_NOT_CONFIGURED';
  constructor(detail: string) {
    super(`e-mail is not configured: ${detail}`);
    this.name = 'MailerNotConfiguredError';
  }
}

/**
 * The SMTP configuration of the settings, or null when `smtpHost` or `smtpFrom` is empty. The
 * password is the value of the global variable `smtpPasswordVariable` (a secret, decrypted).
 * @throws MailerNotConfiguredError when the password variable is named but missing.
 */
export async function smtpConfig(db: Executor): Promise<SmtpConfig | null> {
  const s = await getSettings(db);
  if (!s.smtpHost || !s.smtpFrom) return null;
  let pass = '';
  if (s.smtpPasswordVariable) {
    const v = await readVariable(db, s.smtpPasswordVariable, null);
    if (!v) throw new MailerNotConfiguredError(`no global variable ${s.smtpPasswordVariable} (smtpPasswordVariable)`);
    pass = v.value;
  }
  return {
    host: s.smtpHost,
    port: s.smtpPort,
    secure: s.smtpSecure,
    ...(s.smtpUser ? { auth: { user: s.smtpUser, pass } } : {}),
    from: { address: s.smtpFrom, name: s.siteName },
  };
}

/** Whether e-mail can be sent: an SMTP server and a sender address are set (the password variable is checked on sending). */
export async function mailerConfigured(db: Executor): Promise<boolean> {
  const s = await getSettings(db);
  return s.smtpHost !== '' && s.smtpFrom !== '';
}

/**
 * Sends one message, or several over one connection, through the configured SMTP server.
 * @returns one result per message.
 * @throws MailerNotConfiguredError when no SMTP server or sender is set or the password variable is
 *   missing; Error from lib/mailer.ts sendMailVia (recipients, connection, authentication, time).
 */
export async function sendMail(db: Executor, message: MailMessage | readonly MailMessage[]): Promise<MailResult[]> {
  const config = await smtpConfig(db);
  if (!config) throw new MailerNotConfiguredError('set the SMTP server and the sender address (system settings)');
  return sendMailVia(config, Array.isArray(message) ? message : [message as MailMessage]);
}
