import { readFileSync } from 'node:fs';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { isBlockedAddress } from '../../lib/blocked-address.ts';
import { RefusedTarget, guardedLookup, type Resolve } from '../../lib/outbound-http.ts';
import type { SmtpConfig } from './smtp-settings.store.ts';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type SmtpOptions = {
  caFile?: string;
  /** Private and loopback SMTP hosts may be reached (ALLOW_PRIVATE_POSTBACK_TARGETS: tests, closed networks). */
  allowPrivate: boolean;
  /** Stands in for DNS (tests). */
  resolve?: Resolve;
};

const TIMEOUT_MS = 15_000;

/**
 * Opens the TCP connection for nodemailer with the outbound rule of postbacks: the host is resolved once, refused when
 * any address is private, and the socket connects to exactly the checked addresses (an answer changing between a
 * check and a second lookup could reach our own network). nodemailer would resolve on its own otherwise.
 * docs/decisions/015-outbound-and-headers.md
 */
const openSocket = (c: SmtpConfig, o: SmtpOptions) =>
  new Promise<net.Socket>((resolve, reject) => {
    // An address written as the host is never looked up, so the lookup's check does not see it.
    if (!o.allowPrivate && net.isIP(c.host) && isBlockedAddress(c.host))
      throw new RefusedTarget(`The host ${c.host} is a private or local address`);
    const socket = net.connect({
      host: c.host,
      port: c.port,
      autoSelectFamily: true,
      ...(!o.allowPrivate && { lookup: guardedLookup(o.resolve) }),
    });
    socket.setTimeout(TIMEOUT_MS, () =>
      socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
    );
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', reject);
      resolve(socket);
    });
  });

/** Whether an SMTP server greeted us: nodemailer writes its first command only after a valid 220 greeting. */
type Exchange = { greeted: boolean };

const transportOf = (c: SmtpConfig, o: SmtpOptions, exchange: Exchange) =>
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
    // With `secure`, nodemailer speaks TLS over this socket, checking the certificate against the host name.
    getSocket: (_opts, callback) => {
      openSocket(c, o).then(
        (connection) => {
          // Over implicit TLS the commands bypass this socket's write, so every failure there counts as ungreeted.
          const write = connection.write.bind(connection) as (...a: unknown[]) => boolean;
          connection.write = ((...a: unknown[]) => {
            exchange.greeted = true;
            return write(...a);
          }) as typeof connection.write;
          callback(null, { connection });
        },
        (err: Error) => callback(err, null as never),
      );
    },
  });

/** One SMTP exchange; resolves with the server's answer (e.g. "250 OK: queued as …") or throws nodemailer's error. */
export const sendOverSmtp = async (c: SmtpConfig, mail: OutgoingMail, o: SmtpOptions) => {
  const exchange: Exchange = { greeted: false };
  const transport = transportOf(c, o, exchange);
  try {
    const from = c.from_name ? { name: c.from_name, address: c.from_email } : c.from_email;
    const info = await transport.sendMail({ from, ...mail });
    return info.response;
  } catch (err) {
    throw Object.assign(err as Error, { greeted: exchange.greeted });
  } finally {
    transport.close();
  }
};

type SmtpError = Error & { code?: string; response?: string; responseCode?: number; greeted?: boolean };

/** Whatever went wrong before an SMTP server greeted us (refused, timed out, reset, unreachable, not SMTP, TLS). */
export const NO_SMTP_SERVER =
  'No SMTP server could be reached at this host and port: check the host, the port and the security setting';

/**
 * Nodemailer's error in words a person configuring SMTP understands, with the server's own answer when there is one.
 * Failures before an SMTP greeting share one text, so the test button cannot tell a closed port from an open one that
 * speaks something else (a port scanner); docs/product/tickets-and-mail.md, "E-mail".
 */
export const describeSmtpError = (err: unknown, c: Pick<SmtpConfig, 'host' | 'port'>) => {
  const e = err as SmtpError;
  const msg = e?.message ?? String(err);
  if (e instanceof RefusedTarget) {
    if (/does not resolve/.test(msg)) return `Host not found: ${c.host}`;
    return `${msg}: mail is not sent to private or local addresses unless ALLOW_PRIVATE_POSTBACK_TARGETS is set`;
  }
  if (e.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(msg)) return `Host not found: ${c.host}`;
  if (!e.greeted) return NO_SMTP_SERVER;
  if (e.code === 'EAUTH') return `Authentication failed: ${e.response ?? msg}`;
  if (e.code === 'ETLS' || /certificate|SSL|TLS|wrong version number/i.test(msg)) return `TLS failed: ${msg}`;
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(msg)) return `The SMTP server at ${c.host}:${c.port} stopped answering`;
  if (e.code === 'EENVELOPE') return `The server refused the sender or recipient: ${e.response ?? msg}`;
  if (e.responseCode) return `The server refused the mail: ${e.response ?? msg}`;
  return `Sending failed: ${msg}`;
};
