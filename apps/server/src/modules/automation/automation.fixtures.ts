// Test-only: rules made through the rules API on a click world, and the evaluator's runs read back.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AutomationRuleInput } from '@pxl/contract';
import { call } from '#test/factories.ts';
import type { Db } from '../../db/client.ts';
import { automationRules } from '../../db/schema.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import { startClickWorld } from '../tracking/click.fixtures.ts';

export { startClickWorld as startRulesWorld };

type Input = Omit<Partial<AutomationRuleInput>, 'scope' | 'condition'> & {
  scope?: Partial<AutomationRuleInput['scope']>;
  condition?: Partial<AutomationRuleInput['condition']>;
};

/** A rule's body: clicks of each offer over 15 minutes at or above 3, telling nobody but the log. */
export const ruleBody = (over: Input = {}) => ({
  name: 'Rule',
  enabled: true,
  metric: 'clicks',
  window_minutes: 15,
  cooldown_minutes: 60,
  actions: [{ type: 'notify', channel_uuids: [], notify_owners: false }],
  ...over,
  scope: { type: 'offer', ...over.scope },
  condition: { kind: 'threshold', op: 'above', value: 3, min_volume: 0, ...over.condition },
});

export const rulesApi = (app: FastifyInstance, by: Member) => ({
  list: () => call(app, 'GET', '/api/automation/v1/rules', { token: by.token }),
  get: (uuid: string) => call(app, 'GET', `/api/automation/v1/rules/${uuid}`, { token: by.token }),
  create: (body: unknown) =>
    call(app, 'POST', '/api/automation/v1/rules', { token: by.token, payload: body as object }),
  update: (uuid: string, body: unknown) =>
    call(app, 'PUT', `/api/automation/v1/rules/${uuid}`, { token: by.token, payload: body as object }),
  remove: (uuid: string) => call(app, 'DELETE', `/api/automation/v1/rules/${uuid}`, { token: by.token }),
  backtest: (uuid: string, days: number) =>
    call(app, 'POST', `/api/automation/v1/rules/${uuid}/backtest`, { token: by.token, payload: { days } }),
});

/** Built-in rules off, so a test's round judges only its own rules. */
export const disableBuiltins = (db: Db) =>
  db.update(automationRules).set({ enabled: false }).where(eq(automationRules.enabled, true));
