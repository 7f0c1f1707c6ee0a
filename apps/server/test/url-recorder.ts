import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback server that answers 200 "ok" and records each request's URL: where tests send postbacks. */
export const startUrlRecorder = async () => {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url!);
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    hits,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
export type UrlRecorder = Awaited<ReturnType<typeof startUrlRecorder>>;
