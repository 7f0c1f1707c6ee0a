import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createBackground } from './background.ts';

describe('background work at start', () => {
  it('runs after listening; a failing step is tried again, the steps done before it are not', async () => {
    const app = Fastify();
    const background = createBackground(app, 10);
    const ran: string[] = [];
    let failures = 2;
    background.add('test', [
      async () => ran.push('first'),
      async () => {
        if (failures-- > 0) throw new Error('database away');
        ran.push('second');
      },
    ]);
    await app.ready();
    expect(ran).toEqual([]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await background.started();
    expect(ran).toEqual(['first', 'second']);
    await app.close();
  });

  it('closing waits for the step in flight before the app closes', async () => {
    const app = Fastify();
    let release: (() => void) | null = null;
    // Registered first, so it runs as closing begins, before the background's own hook.
    app.addHook('preClose', async () => release?.());
    const background = createBackground(app, 10);
    const ran: string[] = [];
    background.add('test', [
      () => new Promise<void>((r) => (release = () => void setTimeout(() => r(void ran.push('slow')), 20))),
      async () => ran.push('after'),
    ]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => release, { timeout: 60_000 }).not.toBeNull();
    await app.close();
    expect(ran[0]).toBe('slow');
  });
});
