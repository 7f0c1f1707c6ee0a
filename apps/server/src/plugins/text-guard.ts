import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

export const NOT_ALLOWED_CHARACTER = 'Contains a character that is not allowed';

/**
 * PostgreSQL text and jsonb refuse U+0000 and nothing else that a JavaScript string can hold: a lone surrogate leaves
 * node-postgres as U+FFFD. A NUL byte would fail the statement as a 500 (docs/decisions/014-bounded-input.md).
 */
const hasNul = (s: string) => s.includes('\u0000');
const nameOf = (path: string, key: string) => (path ? `${path}.${key}` : key).replaceAll('\u0000', '');

/** The path of the first string or key holding a NUL byte; iterative, so no nesting depth overflows the stack. */
export const findNul = (value: unknown, root: string): string | null => {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasNul(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (hasNul(key)) return nameOf(path, key);
        stack.push([item, nameOf(path, key)]);
      }
    }
  }
  return null;
};

const guarded = (url: string) => url.startsWith('/api/') || url === '/postback' || url.startsWith('/postback?');

const refuseNul = async (req: FastifyRequest) => {
  if (!guarded(req.url)) return;
  const field = findNul(req.params, '') ?? findNul(req.query, '') ?? findNul(req.body, '') ?? findNul(req.headers, '');
  if (field !== null) throw badRequest(field || 'request', NOT_ALLOWED_CHARACTER);
};

/** The API refuses, rather than strips, text that PostgreSQL cannot store: a silent change would alter what was sent. */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', refuseNul);
});
