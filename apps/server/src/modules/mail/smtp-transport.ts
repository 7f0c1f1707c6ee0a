import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from './smtp-settings.store.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type SmtpOptions = { caFile?: string };

const TIMEOUT_MS = 15_000;

const transportOf = (c: SmtpConfig, o: SmtpOptions) =>
  nodemailer.createTransport({
    host: c.host,
    port: c.port,
    secure: c.security === 'tls',
    requireTLS: c.security === 'starttls',
    ignoreTLS: c.security === 'none',
    ...(c.user && { auth: { user: c.user, pass: c.password ?? '' } }),
    ...(o.caFile && { tls: { ca: readFileSync(o.caFile) } }),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });

/** One SMTP exchange; resolves with the server's answer (e.g. "250 OK: queued as …") or throws nodemailer's error. */
export const sendOverSmtp = async (c: SmtpConfig, mail: OutgoingMail, o: SmtpOptions = {}) => {
  const transport = transportOf(c, o);
  try {
    const from = c.from_name ? { name: c.from_name, address: c.from_email } : c.from_email;
    const info = await transport.sendMail({ from, ...mail });
    return info.response;
  } finally {
    transport.close();
  }
};

type SmtpError = Error & { code?: string; response?: string; responseCode?: number };

/**
 * Nodemailer's error in words a person configuring SMTP understands, with the server's own answer when there is one.
 */
export const describeSmtpError = (err: unknown, c: Pick<SmtpConfig, 'host' | 'port'>) => {
  const e = err as SmtpError;
  const msg = e?.message ?? String(err);
  const where = `${c.host}:${c.port}`;
  if (/ECONNREFUSED/.test(msg)) return `Connection refused by ${where}: is the server running and the port right?`;
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(msg)) return `Host not found: ${c.host}`;
  if (e.code === 'EAUTH') return `Authentication failed: ${e.response ?? msg}`;
  if (e.code === 'ETLS' || /certificate|SSL|TLS|wrong version number/i.test(msg)) return `TLS failed: ${msg}`;
  if (e.code === 'ETIMEDOUT' || /timeout|Greeting never received/i.test(msg))
    return `No answer from ${where} in time: check the host, the port and the security setting`;
  if (e.code === 'EENVELOPE') return `The server refused the sender or recipient: ${e.response ?? msg}`;
  if (e.responseCode) return `The server refused the mail: ${e.response ?? msg}`;
  return `Sending failed: ${msg}`;
};
