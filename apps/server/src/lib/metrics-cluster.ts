import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { metricsRegistry } from './metrics.ts';

const REQUEST = 'pxl:metrics-request';
const ANSWER = 'pxl:metrics-answer';
type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string };

// Under WORKERS=N a scrape reaches one worker at random (they share the port), so each answer is the whole cluster:
// the primary gathers every worker's registry and sums or combines them (docs/decisions/048-metrics-and-readiness.md).
if (cluster.isWorker) {
  new AggregatorRegistry(); // makes this worker answer the primary's requests for its metrics
  AggregatorRegistry.setRegistries(metricsRegistry);
}

/** The primary's side, started with the workers (server.ts): a worker asks, the primary asks them all and answers. */
export const serveClusterMetrics = () => {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== REQUEST) return;
    const answer = (a: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...a });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (err: unknown) => answer({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
};

/** This process's metrics, or the whole cluster's when it is a worker. */
export const scrapeMetrics = async (): Promise<string> => {
  if (!cluster.isWorker || !process.send) return metricsRegistry.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const onMessage = (m: Answer) => {
      if (m?.type !== ANSWER || m.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.text ?? '');
    };
    // The primary gives up on a silent worker after 5 s itself; this only keeps a lost answer from hanging the scrape.
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics'));
    }, 15_000);
    process.on('message', onMessage);
    process.send!({ type: REQUEST, id });
  });
};
