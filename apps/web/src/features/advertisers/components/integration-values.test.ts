import { describe, expect, it } from 'vitest';
import { INTEGRATION_TEMPLATES } from '@pxl/contract/leads/integration-templates';
import { integrationTemplateSchema } from '@pxl/contract/leads/integration.schemas';
import { integrationBody, integrationFor, integrationToValues, rowErrors } from './integration-values.ts';

describe('integration form values', () => {
  it.each(Object.keys(INTEGRATION_TEMPLATES))('the %s template comes back unchanged through the form', (type) => {
    const template = integrationTemplateSchema.parse(INTEGRATION_TEMPLATES[type as keyof typeof INTEGRATION_TEMPLATES]);
    const again = integrationTemplateSchema.parse(integrationBody(integrationToValues(template)));
    // Same keys in the same order too: the server compares JSON text to decide whether a new test is needed.
    expect(JSON.stringify(again)).toBe(JSON.stringify(template));
  });

  it('a lookup switched off is sent as null; empty rows and empty numbers drop out', () => {
    const v = integrationFor('sandbox');
    v.lookup_enabled = false;
    v.push.headers.push({ key: '', value: '' });
    v.push.timeout_ms = '';
    const body = integrationTemplateSchema.parse(integrationBody(v));
    expect(body.lookup).toBeNull();
    expect(Object.keys(body.push.headers)).toEqual(['X-Sandbox-Key']);
    expect(body.push.timeout_ms).toBe(10_000);
  });

  it('status codes become numbers and buyer statuses lower case', () => {
    const v = integrationFor('json');
    v.answer.success_status = ['200', '202'];
    v.pull.status_map = [{ key: 'FTD Done ', value: 'ftd' }];
    const body = integrationTemplateSchema.parse(integrationBody(v));
    expect(body.answer.success_status).toEqual([200, 202]);
    expect(body.pull.status_map).toEqual({ 'ftd done': 'ftd' });
  });

  it('names a row with a value but no name, and a name used twice', () => {
    const v = integrationFor('json');
    v.push.body = [
      { key: 'email', value: '{email}' },
      { key: 'email ', value: 'x' },
      { key: '', value: '{phone}' },
    ];
    expect(rowErrors(v)).toEqual({
      'integration.push.body.#1': 'email is used twice',
      'integration.push.body.#2': 'Enter a name',
    });
  });

  it('a buyer status without ours is named at its row', () => {
    const v = integrationFor('json');
    v.pull.status_map = [{ key: 'deposit', value: '' }];
    expect(rowErrors(v)).toEqual({ 'integration.pull.status_map.#0': 'Choose our status' });
  });

  it('rows of a lookup that is off are not checked', () => {
    const v = integrationFor('json');
    v.lookup.headers = [{ key: '', value: 'x' }];
    expect(Object.keys(rowErrors(v))).toEqual(['integration.lookup.headers.#0']);
    v.lookup_enabled = false;
    expect(rowErrors(v)).toEqual({});
  });
});
