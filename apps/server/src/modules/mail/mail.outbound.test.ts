import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#test/free-port.ts';
import type { TestApp } from '#test/harness.ts';
import { startSmtpSink, type SmtpSink } from '#test/smtp-sink.ts';
import { putSmtp, smtpBody, startMailWorld, testSmtp, type MailWorld } from './mail.fixtures.ts';
import { NO_SMTP_SERVER } from './smtp-transport.ts';

// The SMTP host follows the outbound rule of postbacks (docs/decisions/015-outbound-and-headers.md), and the test
// button's words do not tell a closed port from an open one (docs/product/tickets-and-mail.md, "E-mail").

/** A TCP server on loopback that answers each connection with `answer` (a banner, a reset, …). */
const tcpServer = async (answer: (s: Socket) => void) => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    answer(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = () => {
    for (const s of sockets) s.destroy();
    return new Promise((r) => server.close(r));
  };
  return { port: (server.address() as { port: number }).port, close };
};

const tryHost = async (t: TestApp, token: string, body: Record<string, unknown>) => {
  const saved = await putSmtp(t, token, body);
  expect(saved.statusCode, saved.body).toBe(200);
  return (await testSmtp(t, token)).json().data as { ok: boolean; message: string };
};

describe('SMTP host without ALLOW_PRIVATE_POSTBACK_TARGETS', () => {
  let t: TestApp, w: MailWorld, sink: SmtpSink;
  beforeAll(async () => {
    ({ t, w } = await startMailWorld({ start: false }, { smtp: false }, { ALLOW_PRIVATE_POSTBACK_TARGETS: 'false' }));
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await t?.close();
  });

  it.each([
    ['a loopback address', '127.0.0.1'],
    ['a name resolving to loopback (checked when connecting)', 'localhost'],
    ['a private address', '10.1.2.3'],
    ['the metadata address', '169.254.169.254'],
  ])('refuses %s, and nothing reaches the server listening there', async (_what, host) => {
    const res = await tryHost(t, w.admin, smtpBody(sink.port, { host }));
    expect(res).toEqual({ ok: false, message: expect.stringMatching(/private or local address/) });
    expect(sink.mails).toEqual([]);
  });
});

describe('SMTP test button failures', () => {
  let t: TestApp, w: MailWorld;
  const servers: { close: () => Promise<unknown> }[] = [];
  beforeAll(async () => ({ t, w } = await startMailWorld({ start: false }, { smtp: false })));
  afterAll(async () => {
    for (const s of servers) await s.close();
    await t?.close();
  });
  const listening = async (answer: (s: Socket) => void) => {
    const server = await tcpServer(answer);
    servers.push(server);
    return server.port;
  };

  it('give one text for a closed port and open ports that are not SMTP', async () => {
    const ports = {
      closed: await freePort(),
      http: await listening((s) => s.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')),
      ssh: await listening((s) => s.write('SSH-2.0-OpenSSH_9.6\r\n')),
      reset: await listening((s) => s.resetAndDestroy()),
      hangup: await listening((s) => s.end()),
    };
    for (const security of ['none', 'starttls', 'tls'] as const)
      for (const [what, port] of Object.entries(ports)) {
        const res = await tryHost(t, w.admin, smtpBody(port, { security }));
        expect({ what, security, ...res }).toEqual({ what, security, ok: false, message: NO_SMTP_SERVER });
      }
  });
});
