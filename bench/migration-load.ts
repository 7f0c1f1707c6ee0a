// Clicks for `npm run bench:migration`, from a process of its own: redirects at a fixed concurrency until told to
// stop, then every latency's p50, p99 and maximum (the longest stall a visitor saw).
import http from 'node:http';

type Spec = { url: string; headers: Record<string, string>; concurrency: number };

process.once('message', (spec: Spec) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const times: number[] = [];
  let stop = false;
  let failed = '';
  process.on('message', (m) => {
    if (m === 'stop') stop = true;
  });
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(spec.url, { agent, headers: spec.headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 302 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  const worker = async () => {
    while (!stop && !failed) {
      const t0 = performance.now();
      await one().catch((err: Error) => (failed = err.message));
      times.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  process.send!('started');
  void Promise.all(Array.from({ length: spec.concurrency }, worker)).then(() => {
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
    process.send!({
      count: times.length,
      rps: times.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
      max: times.at(-1) ?? 0,
      failed,
    });
    process.disconnect();
  });
});
