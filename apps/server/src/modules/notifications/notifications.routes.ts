import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notificationsApi, type ChannelTestResult } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import {
  channelForSend,
  createChannel,
  deleteChannel,
  getChannel,
  listChannels,
  updateChannel,
} from './channels.service.ts';
import { sendAlert } from './deliver.ts';
import { listOutbox } from './outbox.service.ts';
import type { Alerts } from './alerts.ts';

/** Test sends per user per minute: each one reaches outside, so the button cannot be used to hammer a host. */
export const CHANNEL_TEST_LIMIT = (userId: string) => ({ key: `channel-test:${userId}`, max: 5, windowMs: 60_000 });

export const notificationsRoutes = async (app: FastifyInstance, deps: AppDeps & { services: { alerts: Alerts } }) => {
  const { db } = deps;
  const api = notificationsApi;
  registerEndpoint(app, api.listChannels, ({ auth }) => listChannels(db, auth!));
  registerEndpoint(app, api.getChannel, ({ auth, params }) => getChannel(db, auth!, params.uuid));
  registerEndpoint(app, api.createChannel, ({ auth, body, ip }) => createChannel(deps, body, { auth: auth!, ip }));
  registerEndpoint(app, api.updateChannel, ({ auth, body, params, ip }) =>
    updateChannel(deps, params.uuid, body, { auth: auth!, ip }),
  );
  registerEndpoint(app, api.deleteChannel, ({ auth, params, ip }) =>
    deleteChannel(db, params.uuid, { auth: auth!, ip }),
  );
  // Straight to the channel, not through the outbox: the answer is whether the channel took it now.
  registerEndpoint(app, api.testChannel, async ({ auth, params }): Promise<ChannelTestResult> => {
    await enforceLimit(db, CHANNEL_TEST_LIMIT(auth!.user.id));
    const channel = await channelForSend(deps, auth!, params.uuid);
    const alert = {
      id: randomUUID(),
      event: 'test' as const,
      title: 'Test alert',
      text: 'This is a test message: the channel works.',
      data: {},
    };
    return sendAlert(channel, alert, deps.services.alerts.direct);
  });
  registerEndpoint(app, api.listOutbox, ({ auth, query }) => listOutbox(db, auth!, query));
};
