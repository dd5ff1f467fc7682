/**
 * Sending e-mail over SMTP with nodemailer (docs/outbound.md "E-mail"). This file knows no module:
 * it takes a resolved configuration. The system settings (`smtpHost`, `smtpPort`, `smtpSecure`,
 * `smtpUser`, `smtpPasswordVariable`, `smtpFrom`) become one in modules/outbound/outbound.service.ts,
 * whose `mailerConfigured(db)` and `sendMail(db, message)` the rest of the server calls.
 *
 * - The SMTP server is the administrator's own choice, so it is not put through the
 *   private-address guard of lib/outbound-http.ts (a mail relay on the local network is normal).
 * - `secure: true` is TLS from the first byte (port 465); otherwise nodemailer upgrades with
 *   STARTTLS when the server offers it. Certificates are verified (node's defaults).
 * - Time limits: connecting 10 s, the greeting 10 s, any silence on the socket 30 s.
 * - Several messages go over one pooled connection, closed once they are sent.
 */
import nodemailer from 'nodemailer';

/** Limits of one message: recipients (addresses), subject (characters), body (characters, each of text and HTML). */
export const MAIL_LIMITS = { recipients: 100, subject: 200, body: 100_000 } as const;
/** Time limits (ms) of a connection: to connect, for the server's greeting, of silence on the socket. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

/** A resolved SMTP configuration. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the start (465); false = STARTTLS when offered. */
  secure: boolean;
  /** Sign-in; omitted = none. */
  auth?: { user: string; pass: string };
  /** The sender: address, and the name shown with it (the site name). */
  from: { address: string; name?: string };
}

/** One message: plain text, and HTML when given (mail clients show the HTML). */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** What the server answered for one message. */
export interface MailResult {
  messageId: string;
  accepted: string[];
  rejected: string[];
}

const addressOf = (a: string | { address: string }) => (typeof a === 'string' ? a : a.address);

/**
 * Sends `messages` through the SMTP server of `config`, one after the other over one connection.
 * Subjects and bodies are cut to MAIL_LIMITS; line breaks in a subject become spaces (no header injection).
 * @returns one result per message, in order.
 * @throws Error when a message has no recipient or more than MAIL_LIMITS.recipients, or from
 *   nodemailer (connection, TLS, authentication, every recipient refused, time limits).
 */
export async function sendMailVia(config: SmtpConfig, messages: readonly MailMessage[]): Promise<MailResult[]> {
  for (const m of messages) {
    if (m.to.length === 0 || m.to.length > MAIL_LIMITS.recipients)
      throw new Error(`a message needs 1 to ${MAIL_LIMITS.recipients} recipients`);
  }
  if (messages.length === 0) return [];
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.auth,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  try {
    const results: MailResult[] = [];
    for (const m of messages) {
      const info = await transport.sendMail({
        from: config.from.name ? { name: config.from.name, address: config.from.address } : config.from.address,
        to: m.to,
        subject: m.subject.replace(/[\r\n]+/g, ' ').slice(0, MAIL_LIMITS.subject),
        text: m.text.slice(0, MAIL_LIMITS.body),
        ...(m.html ? { html: m.html.slice(0, MAIL_LIMITS.body) } : {}),
      });
      results.push({ messageId: info.messageId, accepted: info.accepted.map(addressOf), rejected: info.rejected.map(addressOf) });
    }
    return results;
  } finally {
    transport.close();
  }
}
