import type { IntegrationTemplateInput } from './integration.schemas.ts';
import type { INTEGRATION_TYPES } from '../constants/constants.data.ts';

// The starting template of each integration type (`integration_types`); a product keeps its own edited copy.
// `{panel_url}` is this server as it reaches itself and `{product_id}` the product: the sandbox buyer lives here.

const PERSON = {
  first_name: '{first_name}',
  last_name: '{last_name}',
  email: '{email}',
  phone: '{phone}',
  country: '{country}',
  ip: '{ip}',
  language: '{language}',
  password: '{password}',
  funnel: '{funnel}',
  aff_lead_id: '{lead_id}',
  sub1: '{sub1}',
  sub2: '{sub2}',
} as const;

const json: IntegrationTemplateInput = {
  push: {
    method: 'POST',
    url: 'https://crm.buyer.example/api/v1/leads',
    headers: { Authorization: 'Bearer {credentials.api_key}' },
    body_format: 'json',
    body: PERSON,
    timeout_ms: 10_000,
    concurrency: 20,
  },
  answer: {
    success_status: [200, 201],
    success_path: 'success',
    external_id_path: 'lead_id',
    autologin_path: 'autologin_url',
    error_path: 'error',
  },
  lookup: {
    method: 'GET',
    url: 'https://crm.buyer.example/api/v1/leads/by-aff-id/{lead_id}',
    headers: { Authorization: 'Bearer {credentials.api_key}' },
    found_path: 'lead_id',
    external_id_path: 'lead_id',
    autologin_path: 'autologin_url',
  },
  pull: {
    enabled: true,
    interval_minutes: 10,
    call: {
      method: 'GET',
      url: 'https://crm.buyer.example/api/v1/statuses?from={since}&page={page}&limit={page_size}',
      headers: { Authorization: 'Bearer {credentials.api_key}' },
    },
    items_path: 'items',
    match_by: 'lead_id',
    id_path: 'aff_lead_id',
    status_path: 'status',
    ftd_path: 'ftd',
    amount_path: 'deposit',
    status_map: {
      new: 'new',
      no_answer: 'no_answer',
      callback: 'call_back',
      not_interested: 'not_interested',
      wrong_number: 'wrong_number',
      interested: 'interested',
      deposit: 'ftd',
      invalid: 'invalid',
      duplicate: 'duplicate',
    },
  },
};

const form: IntegrationTemplateInput = {
  push: {
    method: 'POST',
    url: 'https://crm.buyer.example/lead/add',
    headers: {},
    body_format: 'form',
    body: { ...PERSON, key: '{credentials.api_key}' },
    timeout_ms: 10_000,
    concurrency: 20,
  },
  answer: {
    success_status: [200],
    success_path: 'status',
    success_values: ['ok', 'success'],
    external_id_path: 'id',
    autologin_path: 'url',
    error_path: 'message',
  },
  lookup: null,
  pull: {
    enabled: false,
    call: {
      method: 'GET',
      url: 'https://crm.buyer.example/lead/statuses?key={credentials.api_key}&date_from={since}&page={page}',
    },
    items_path: 'data',
    id_path: 'aff_lead_id',
    status_path: 'status',
  },
};

const sandbox: IntegrationTemplateInput = {
  push: {
    method: 'POST',
    url: '{panel_url}/sandbox/v1/{product_id}/leads',
    headers: { 'X-Sandbox-Key': '{credentials.api_key}' },
    body_format: 'json',
    body: PERSON,
    timeout_ms: 5_000,
    concurrency: 50,
  },
  answer: {
    success_status: [200, 201],
    success_path: 'success',
    external_id_path: 'lead_id',
    autologin_path: 'autologin_url',
    error_path: 'error',
  },
  lookup: {
    method: 'GET',
    url: '{panel_url}/sandbox/v1/{product_id}/leads/{lead_id}',
    headers: { 'X-Sandbox-Key': '{credentials.api_key}' },
    found_path: 'lead_id',
    external_id_path: 'lead_id',
    autologin_path: 'autologin_url',
  },
  pull: {
    enabled: true,
    interval_minutes: 1,
    call: {
      method: 'GET',
      url: '{panel_url}/sandbox/v1/{product_id}/statuses?since={since}&page={page}&page_size={page_size}',
      headers: { 'X-Sandbox-Key': '{credentials.api_key}' },
    },
    items_path: 'items',
    match_by: 'lead_id',
    id_path: 'aff_lead_id',
    status_path: 'status',
    ftd_path: 'ftd',
    amount_path: 'deposit',
    status_map: {
      new: 'new',
      no_answer: 'no_answer',
      call_back: 'call_back',
      not_interested: 'not_interested',
      interested: 'interested',
      deposited: 'ftd',
      invalid: 'invalid',
      duplicate: 'duplicate',
    },
  },
};

export const INTEGRATION_TEMPLATES: Record<keyof typeof INTEGRATION_TYPES, IntegrationTemplateInput> = {
  json,
  form,
  sandbox,
};
