import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { sendPostback } from './send-postback.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  // Answers with an endless body: the sender must read only its excerpt.
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'x'.repeat(64 * 1024);
    const pump = () => {
      while (res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('sendPostback', () => {
  it('reads only an excerpt of an answer that never ends', async () => {
    const attempt = await sendPostback(`${base}/pb`, true);
    expect(attempt.status_code).toBe(200);
    expect(attempt.response).toHaveLength(1000);
    expect(attempt.duration_ms).toBeLessThan(5000);
  });

  it('negative: refuses a loopback target unless private targets are allowed', async () => {
    const attempt = await sendPostback(`${base}/pb`, false);
    expect(attempt).toMatchObject({ refused: true, status_code: null });
    expect(attempt.error).toContain('127.0.0.1');
  });
});
