import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterListening } from './after-listening.ts';

describe('afterListening', () => {
  it('waits for the server to listen, then runs once', async () => {
    const app = Fastify();
    const seen: boolean[] = [];
    app.addHook('onReady', async () => afterListening(app, () => seen.push(app.server.listening), 60_000));
    await app.ready();
    expect(seen).toEqual([]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => seen, { timeout: 60_000 }).toEqual([true]);
    await app.close();
    expect(seen).toEqual([true]);
  });

  it('runs at once on a server already listening, and after the fallback on one that never listens', async () => {
    const listening = Fastify();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    let now = 0;
    afterListening(listening, () => now++);
    expect(now).toBe(1);
    await listening.close();

    const injectOnly = Fastify();
    await injectOnly.ready();
    let later = 0;
    afterListening(injectOnly, () => later++, 50);
    expect(later).toBe(0);
    await expect.poll(() => later, { timeout: 60_000 }).toBe(1);
    await injectOnly.close();
  });
});
