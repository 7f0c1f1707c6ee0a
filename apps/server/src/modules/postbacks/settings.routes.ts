import type { FastifyInstance } from 'fastify';
import { fillMacros, postbacksApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { sendPostback } from './send-postback.ts';
import { listPostbackSettings, savePostbackSettings } from './postback-settings.service.ts';

const TEST_VALUES = {
  click_id: '00000000-0000-4000-8000-000000000001',
  conversion_id: '00000000-0000-4000-8000-000000000002',
  offer_id: 1000,
  goal: 'test',
  payout: '1.00',
  currency: 'USD',
  sub1: 'test',
  lead_id: '',
};

// The answer's body is shown to the affiliate, so each test is a probe of what the address returns: a few a minute.
export const POSTBACK_TEST_LIMIT = (userId: string) => ({ key: `postback-test:${userId}`, max: 10, windowMs: 60_000 });

export const postbackSettingsRoutes = async (app: FastifyInstance, { db, config }: AppDeps) => {
  registerEndpoint(app, postbacksApi.getSettings, ({ auth }) => listPostbackSettings(db, auth!.user.id));

  registerEndpoint(app, postbacksApi.putSettings, ({ auth, body, ip }) =>
    savePostbackSettings(db, auth!, body.items, ip),
  );

  // Macros filled with sample values, sent through the same address guard; not stored as a postback.
  registerEndpoint(app, postbacksApi.sendTest, async ({ auth, body }) => {
    await enforceLimit(db, POSTBACK_TEST_LIMIT(auth!.user.id));
    const url = fillMacros(body.url, { ...TEST_VALUES, status: body.event === 'conversion' ? 'pending' : 'approved' });
    const { refused: _refused, ...attempt } = await sendPostback(url, config.ALLOW_PRIVATE_POSTBACK_TARGETS);
    return attempt;
  });
};
