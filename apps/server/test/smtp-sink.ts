import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it: envelope recipient, decoded subject and the text and HTML parts. */
export type ReceivedMail = { to: string; subject: string; text: string; html: string; raw: string };
export type SinkOptions = {
  /** `starttls` offers STARTTLS, `tls` speaks TLS from the first byte; both with the self-signed test certificate. */
  security?: 'none' | 'starttls' | 'tls';
  auth?: { user: string; pass: string };
  /** Listen on this port (to bring a server "back up" where the app expects it); 0 picks a free one. */
  port?: number;
};

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
export const TEST_CA_FILE = new URL('./fixtures/smtp-test.crt', import.meta.url).pathname;

const decodeBody = (body: string, encoding: string) => {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
};
const decodeWords = (v: string) =>
  v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
  );

type Part = { headers: Record<string, string>; body: string };
const splitPart = (raw: string): Part => {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(
    head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { headers, body: raw.slice(at + 4) };
};
const leaves = (p: Part): Part[] => {
  const boundary = /boundary="?([^";]+)"?/.exec(p.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [p];
  return p.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r\n/, ''))));
};

export const parseMail = (raw: string, to: string): ReceivedMail => {
  const top = splitPart(raw);
  const parts = leaves(top);
  const bodyOf = (type: string) => {
    const p = parts.find((x) => (x.headers['content-type'] ?? 'text/plain').startsWith(type));
    return p
      ? decodeBody(p.body, p.headers['content-transfer-encoding'] ?? '')
          .replace(/\r\n/g, '\n')
          .replace(/\n$/, '')
      : '';
  };
  return {
    to,
    subject: decodeWords(top.headers.subject ?? ''),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
    raw,
  };
};

/** A real SMTP server for one test file, keeping every mail it accepts. */
export const startSmtpSink = async (o: SinkOptions = {}) => {
  const mails: ReceivedMail[] = [];
  const security = o.security ?? 'none';
  const server = new SMTPServer({
    secure: security === 'tls',
    ...(security !== 'none' && { key: fixture('smtp-test.key'), cert: fixture('smtp-test.crt') }),
    disabledCommands: security === 'none' ? ['STARTTLS', ...(o.auth ? [] : ['AUTH'])] : o.auth ? [] : ['AUTH'],
    allowInsecureAuth: true,
    authOptional: !o.auth,
    logger: false,
    onAuth: (auth, _session, done) =>
      auth.username === o.auth?.user && auth.password === o.auth?.pass
        ? done(null, { user: auth.username })
        : done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 })),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const rcpt of session.envelope.rcptTo) mails.push(parseMail(raw, rcpt.address));
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
