import { LEAD_REFUSALS } from '@pxl/contract/leads/leads.schemas';

/** Same reading as the security settings: the server keeps the 8 characters after "pxl_". */
export const keyStart = (prefix: string) => `${prefix.startsWith('pxl_') ? prefix : `pxl_${prefix}`}…`;

export type LeadExampleInput = {
  origin: string;
  offerId: number;
  /** A key's stored start, or none when the affiliate has no key yet. */
  keyPrefix: string | null;
  /** A country the offer takes, so the example is not refused for its geo. */
  country: string;
  /** A landing of the offer, when it has one. */
  landingId: number | null;
};

const apiKey = (prefix: string | null) => (prefix ? keyStart(prefix) : '<your API key>');

/** Every field of POST /api/lead/v1/create, the person as placeholders; optional ones say so. */
export function leadBody({
  offerId,
  country,
  landingId,
}: Pick<LeadExampleInput, 'offerId' | 'country' | 'landingId'>): Record<string, unknown> {
  return {
    offer_id: offerId,
    first_name: '<first name>',
    last_name: '<last name>',
    email: '<email>',
    phone: '<phone with country code, e.g. +4915112345678>',
    country,
    ip: '<IPv4 or IPv6 of the lead>',
    language: '<optional: e.g. de>',
    gender: '<optional: male, female or other>',
    password: '<optional: generated when left out>',
    ...(landingId !== null && { landing: landingId }),
    funnel: '<optional: funnel name>',
    click_id: '<optional: click id from your tracking link>',
    sub1: '<optional>',
    sub2: '<optional>',
    sub3: '<optional>',
    sub4: '<optional>',
    sub5: '<optional>',
    test: false,
  };
}

const indent = (json: string) => json.split('\n').join('\n  ');

export function createLeadCurl(input: LeadExampleInput): string {
  return [
    `curl -X POST '${input.origin}/api/lead/v1/create' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'X-Api-Key: ${apiKey(input.keyPrefix)}' \\`,
    `  -H 'Idempotency-Key: <your unique id for this lead>' \\`,
    `  -d '${indent(JSON.stringify(leadBody(input), null, 2))}'`,
  ].join('\n');
}

export function statusesCurl({
  origin,
  offerId,
  keyPrefix,
}: Pick<LeadExampleInput, 'origin' | 'offerId' | 'keyPrefix'>): string {
  return [
    `curl '${origin}/api/lead/v1/statuses?offer_id=${offerId}&from=<YYYY-MM-DD>&page=1&count=100' \\`,
    `  -H 'X-Api-Key: ${apiKey(keyPrefix)}'`,
  ].join('\n');
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const SUCCESS_ANSWER = json({
  status: 'success',
  data: {
    lead_id: '0f6c2a3e-8d1b-4c55-9a0e-2b7d4f1e9c31',
    status: 'accepted',
    autologin_url: 'https://buyer.example/autologin?token=…',
  },
  error: null,
});

export const REFUSAL_ANSWER = json({
  status: 'error',
  data: null,
  error: { reason: 'geo_not_allowed', message: LEAD_REFUSALS.geo_not_allowed },
});

export const statusesAnswer = (offerId: number) =>
  json({
    status: 'success',
    data: {
      list: [
        {
          lead_id: '0f6c2a3e-8d1b-4c55-9a0e-2b7d4f1e9c31',
          offer_id: offerId,
          status: 'accepted',
          call_status: 'interested',
          is_ftd: false,
          ftd_at: null,
          created_at: '2026-01-15T10:04:11.000Z',
          updated_at: '2026-01-15T12:30:00.000Z',
          sub1: null,
          sub2: null,
          sub3: null,
          sub4: null,
          sub5: null,
        },
      ],
      count: 1,
    },
    error: null,
  });
