// A buyer in a process of its own (forked by `startBuyer`): a bare node:http server that takes every lead at once,
// so the lead benches measure our side of the call, not a buyer sharing our event loop.
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** Starts the buyer; `url` takes POSTs of any body and answers 200 `{"success":true,"lead_id":"ext-N"}`. */
export const startBuyer = () =>
  new Promise<{ url: string; received: () => Promise<number>; stop: () => void }>((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'buyer.ts'), ['serve'], { execArgv: ['--import', 'tsx'] });
    child.once('error', reject);
    child.once('message', (m: { url: string }) =>
      resolve({
        url: m.url,
        received: () =>
          new Promise<number>((r) => {
            child.once('message', (c: { received: number }) => r(c.received));
            child.send('count');
          }),
        stop: () => child.kill(),
      }),
    );
  });

if (process.argv[2] === 'serve') {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      const body = JSON.stringify({ success: true, lead_id: `ext-${received}` });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () =>
    process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads` }),
  );
  process.on('message', () => process.send!({ received }));
  process.on('disconnect', () => process.exit(0));
}
