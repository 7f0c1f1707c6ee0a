import { describe, expect, it } from 'vitest';
import { leadCreateSchema } from '@pxl/contract/leads/leads.schemas';
import { createLeadCurl, leadBody, statusesCurl } from './lead-api-example.ts';

const input = { origin: 'https://panel.example', offerId: 42, keyPrefix: 'pxl_ab12cd34', country: 'AT', landingId: 7 };

describe('lead API example', () => {
  it('names every field of the lead API body, and nothing else', () => {
    const fields = Object.keys(leadCreateSchema.shape).sort();
    expect(Object.keys(leadBody(input)).sort()).toEqual(fields);
  });

  it('leaves landing out when the offer has none', () => {
    expect(leadBody({ ...input, landingId: null })).not.toHaveProperty('landing');
  });

  it('calls this panel with the offer, the key start and an Idempotency-Key; the body is JSON', () => {
    const curl = createLeadCurl(input);
    expect(curl).toContain("curl -X POST 'https://panel.example/api/lead/v1/create'");
    expect(curl).toContain("-H 'X-Api-Key: pxl_ab12cd34…'");
    expect(curl).toContain('Idempotency-Key: ');
    const body = JSON.parse(curl.slice(curl.indexOf("-d '") + 4, -1)) as Record<string, unknown>;
    expect(body).toMatchObject({ offer_id: 42, country: 'AT', landing: 7, test: false });
  });

  it('reads a bare prefix like the security settings and says so when there is no key', () => {
    expect(createLeadCurl({ ...input, keyPrefix: 'ab12cd34' })).toContain('X-Api-Key: pxl_ab12cd34…');
    expect(statusesCurl({ ...input, keyPrefix: null })).toContain("X-Api-Key: <your API key>'");
    expect(statusesCurl(input)).toContain("'https://panel.example/api/lead/v1/statuses?offer_id=42&");
  });
});
