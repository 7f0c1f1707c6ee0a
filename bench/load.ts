// The load generator, run in its own process by `measureHttp` (lib.ts): its CPU time then does not queue on the
// server's event loop, which in one process inflated the server's tail latency. Plain node:http with keep-alive.
import http from 'node:http';

export type LoadSpec = {
  /**
   * In the URL, the body and header values `{i}` is replaced by the request's number, `{id}` by `ids[i % ids.length]`
   * and `{ip}` by an IPv4 address of its own per request (carrier-grade NAT space, where mobile visitors come from).
   */
  url: string;
  ids?: string[];
  status: number;
  headers?: Record<string, string>;
  durationMs: number;
  concurrency: number;
  /** A JSON POST when set (content-type application/json), else a GET. */
  body?: string;
};

const run = async (spec: LoadSpec) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const one = (i: number, url: string, body: string | undefined) =>
    new Promise<void>((resolve, reject) => {
      const headers = {
        ...(spec.headers && Object.fromEntries(Object.entries(spec.headers).map(([k, v]) => [k, fill(v, i)]))),
        ...(body !== undefined && {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        }),
      };
      const req = http.request(url, { method: body === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === spec.status
            ? resolve()
            : reject(
                new Error(
                  `${url}: HTTP ${res.statusCode}, expected ${spec.status}: ${Buffer.concat(chunks).toString().slice(0, 300)}`,
                ),
              ),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  const fill = (text: string, i: number) =>
    text
      .replaceAll('{i}', String(i))
      .replaceAll('{id}', spec.ids?.length ? spec.ids[i % spec.ids.length] : '')
      .replaceAll('{ip}', `100.${64 + ((i >> 16) & 63)}.${(i >> 8) & 255}.${i & 255}`);
  const end = Date.now() + spec.durationMs;
  const times: number[] = [];
  let n = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const i = n++;
      const t0 = performance.now();
      await one(i, fill(spec.url, i), spec.body === undefined ? undefined : fill(spec.body, i));
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  return { rps: times.length / (spec.durationMs / 1000), p50: at(0.5), p99: at(0.99), count: times.length };
};

process.once('message', (spec: LoadSpec) => {
  run(spec)
    .then(
      (result) => process.send!({ result }),
      (err: Error) => process.send!({ error: err.message }),
    )
    .finally(() => process.disconnect());
});
