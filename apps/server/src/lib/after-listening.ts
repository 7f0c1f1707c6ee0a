import type { FastifyInstance } from 'fastify';

/**
 * Runs `fn` once the server listens. Work at start that calls buyers may call the sandbox buyer, which is this very
 * server: before it listens such a call is refused (a lead left unknown, a re-send failed). An app that never listens
 * (tests through inject) runs it `fallbackMs` after being ready.
 */
export const afterListening = (app: FastifyInstance, fn: () => void, fallbackMs = 2_000) => {
  if (app.server.listening) return fn();
  const first = () => {
    clearTimeout(fallback);
    app.server.off('listening', first);
    fn();
  };
  const fallback = setTimeout(first, fallbackMs);
  fallback.unref();
  app.server.once('listening', first);
};
