import type { Endpoint } from '@pxl/contract';

// docs/decisions/028-openapi.md: an operation's id is made from its method and path alone, so it stays as stable for
// clients as the path itself, and a new endpoint gets one without anybody naming it.

/** Words that name the action when they open a path's last segment (`/offers/v1/list`, `/auth/v1/check-user-data`). */
const ACTIONS = new Set([
  'add',
  'check',
  'close',
  'create',
  'disable',
  'duplicate',
  'enable',
  'generate',
  'get',
  'list',
  'login',
  'logout',
  'preview',
  'read',
  'remove',
  'reopen',
  'reply',
  'resend',
  'search',
  'setup',
  'test',
]);
const METHOD_VERBS: Record<Endpoint['method'], string> = {
  GET: 'get',
  POST: 'post',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};
/** A POST whose last segment is a noun: the verb for it, and the noun that replaces it when it says it better. */
const POST_VERBS: Record<string, [verb: string, noun?: string]> = {
  status: ['change'],
  decision: ['decide'],
  'access-decision': ['decide', 'access'],
  'access-request': ['request', 'access'],
  'tracking-link': ['build'],
  'api-key': ['reveal'],
  'api-keys': ['create', 'api-key'],
  'postback-token': ['rotate'],
  payments: ['add', 'payment'],
  products: ['create', 'product'],
  domains: ['add', 'domain'],
  default: ['make', 'default'],
  attachments: ['upload', 'attachment'],
  logo: ['upload'],
  password: ['change'],
  'password-recovery': ['request', 'password-recovery'],
  'password-reset': ['reset', 'password'],
  registration: ['register', 'partner'],
  'direct-link': ['test'],
  integration: ['test'],
  offer: ['test'],
};
/** Words that read the same in the singular. */
const UNCOUNTED = new Set(['news', 'status', 'settings', 'access']);

const wordsOf = (segment: string) => segment.split(/[-_]/).filter(Boolean);
const singular = (word: string) =>
  UNCOUNTED.has(word) || !word.endsWith('s')
    ? word
    : word.endsWith('ies')
      ? `${word.slice(0, -3)}y`
      : word.slice(0, -1);
const pascal = (words: string[]) => words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/**
 * `GET /api/offers/v1/list` → `listOffers`, `PUT /api/offers/v1/:uuid/caps` → `updateOfferCaps`: the verb, then the
 * path's area and nouns; a noun before a parameter (one record of it) in the singular.
 */
export const operationIdOf = (e: Pick<Endpoint, 'method' | 'path' | 'operationId'>): string => {
  if (e.operationId) return e.operationId;
  const [, , area = 'api', , ...rest] = e.path.split('/');
  const segments = [area, ...rest];
  let verb = METHOD_VERBS[e.method];
  const last = segments.at(-1)!;
  const actionWords = wordsOf(last);
  if (segments.length > 1 && !last.startsWith(':') && ACTIONS.has(actionWords[0]!)) {
    verb = actionWords[0]!;
    segments[segments.length - 1] = actionWords.slice(1).join('-');
    // The action's record: `/offers/v1/create` makes one offer, `/offers/v1/list` reads many.
    const record = segments.length - 2;
    if (verb !== 'list' && verb !== 'search' && !actionWords[1] && !segments[record]!.startsWith(':'))
      segments[record] = singularSegment(segments[record]!);
  } else if (e.method === 'POST' && POST_VERBS[last]) {
    const [postVerb, noun] = POST_VERBS[last]!;
    verb = postVerb;
    segments[segments.length - 1] = noun ?? last;
  }
  const nouns = segments.flatMap((s, i) =>
    s.startsWith(':') ? [] : segments[i + 1]?.startsWith(':') ? [singularSegment(s)] : [s],
  );
  const words = nouns.flatMap(wordsOf).filter((w, i, all) => w !== verb && w !== all[i - 1]);
  return verb + pascal(words);
};

const singularSegment = (segment: string) => {
  const words = wordsOf(segment);
  return [...words.slice(0, -1), singular(words.at(-1) ?? '')].join('-');
};
