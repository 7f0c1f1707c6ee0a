import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOGO_MAX_BYTES, settingsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { findAssignableManager } from '../../lib/assignable-manager.ts';
import { findLogoVersion, loadLogo, removeLogo, storeLogo } from './settings.logo.ts';
import { affiliateDefaults, generalSettings, registrationSettings } from './settings.service.ts';

export const settingsRoutes = async (app: FastifyInstance, { db, hotDb }: AppDeps) => {
  registerEndpoint(app, settingsApi.getGeneral, () => generalSettings.get(db));
  // A new partner zone rebuilds the zone-day rollup in the same statement (migration 0015): no report, so no report's timeout.
  registerEndpoint(app, settingsApi.putGeneral, ({ body, auth, ip }) =>
    generalSettings.put(hotDb, body, auth!.user.id, ip),
  );
  registerEndpoint(app, settingsApi.getPublic, async () => {
    const { partner_title, time_zone, currency } = await generalSettings.get(db);
    return { partner_title, time_zone, currency, logo_version: await findLogoVersion(db) };
  });
  registerEndpoint(app, settingsApi.getSupport, async () => {
    const { support_email, support_telegram, support_phone } = await generalSettings.get(db);
    return { support_email, support_telegram, support_phone };
  });

  // The logo comes as the file's raw bytes; a little over the limit is read so "too big" is a 400 in words.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES + 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  registerEndpoint(app, settingsApi.uploadLogo, ({ req, auth, ip }) => storeLogo(db, req.body, auth!.user.id, ip));
  registerEndpoint(app, settingsApi.removeLogo, ({ auth, ip }) => removeLogo(db, auth!.user.id, ip));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: settingsApi.getLogo.path,
    exposeHeadRoute: false,
    config: { endpoint: settingsApi.getLogo },
    schema: { summary: settingsApi.getLogo.summary, tags: ['settings'] },
    handler: async (req, reply) => {
      const logo = await loadLogo(db);
      const etag = `"${logo.etag}"`;
      // Revalidated on every use, so a new logo shows at once; an unchanged one costs a 304.
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'public, no-cache')
        .header('X-Content-Type-Options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('Content-Type', logo.mime)
        .header('Content-Security-Policy', "default-src 'none'")
        .send(logo.content);
    },
  });

  registerEndpoint(app, settingsApi.getRegistration, () => registrationSettings.get(db));
  registerEndpoint(app, settingsApi.getPublicRegistration, () => registrationSettings.get(db));
  registerEndpoint(app, settingsApi.putRegistration, ({ body, auth, ip }) =>
    registrationSettings.put(db, body, auth!.user.id, ip),
  );

  registerEndpoint(app, settingsApi.getAffiliateDefaults, () => affiliateDefaults.get(db));
  registerEndpoint(app, settingsApi.putAffiliateDefaults, async ({ body, auth, ip }) => {
    if (body.default_manager_uuid && !(await findAssignableManager(db, auth!, body.default_manager_uuid))) {
      throw badRequest('default_manager_uuid', 'Choose an active manager');
    }
    return affiliateDefaults.put(db, body, auth!.user.id, ip);
  });
};
