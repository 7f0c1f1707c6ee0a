import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText, LONE_SURROGATE } from '@pxl/contract';
import { badRequest } from '../lib/errors.ts';
import { NOT_ALLOWED_CHARACTER } from './errors.ts';

export { NOT_ALLOWED_CHARACTER };

/**
 * What PostgreSQL cannot store: U+0000 in text or jsonb, and a lone surrogate in jsonb, where JSON.stringify writes it
 * as a \ud800 escape that jsonb refuses (in a text column it would become U+FFFD). Either failed a statement as a 500
 * (docs/decisions/014-bounded-input.md).
 */
const isUnstorable = (s: string) => !isStorableText(s);
const nameOf = (path: string, key: string) =>
  (path ? `${path}.${key}` : key).replaceAll('\u0000', '').replace(LONE_SURROGATE, '');

/** The path of the first string or key holding a character PostgreSQL refuses; iterative, so no nesting depth overflows the stack. */
export const findUnstorable = (value: unknown, root: string): string | null => {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (isUnstorable(v)) return path;
    } else if (ArrayBuffer.isView(v)) {
      // Raw bytes (a ticket upload) are no text; walking 5 MB index by index held the event loop for seconds.
      continue;
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (isUnstorable(key)) return nameOf(path, key);
        stack.push([item, nameOf(path, key)]);
      }
    }
  }
  return null;
};

/** Every route but the click, whose visitor text is cleaned and never refused (docs/decisions/013-bad-rows-and-click-loss.md). */
const guarded = (url: string) => !url.startsWith('/click/');

/** A key of the error map must not be one a client's object would take as its prototype. */
const PROTOTYPE_WORD = /(^|\.)(__proto__|constructor|prototype)(\.|$)/;

const refuseUnstorable = async (req: FastifyRequest) => {
  if (!guarded(req.url)) return;
  const field =
    findUnstorable(req.params, '') ??
    findUnstorable(req.query, '') ??
    findUnstorable(req.body, '') ??
    findUnstorable(req.headers, '');
  if (field !== null)
    throw badRequest(field === '' || PROTOTYPE_WORD.test(field) ? 'request' : field, NOT_ALLOWED_CHARACTER);
};

/** The API refuses, rather than strips, text that PostgreSQL cannot store: a silent change would alter what was sent. */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', refuseUnstorable);
});
