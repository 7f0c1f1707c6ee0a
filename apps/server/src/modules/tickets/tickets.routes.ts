import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TICKET_ATTACHMENT_MAX_BYTES, ticketsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { nameForType } from '../../lib/file-type.ts';
import { generalSettings } from '../settings/index.ts';
import { loadAttachment, storeUpload } from './tickets.attachments.ts';
import { countUnread, listTickets } from './tickets.repository.ts';
import { createTicket, decideFromTicket, readTicket, replyToTicket, setTicketClosed } from './tickets.service.ts';

/** Content-Disposition with a plain ASCII fallback and the UTF-8 name (RFC 6266). */
const dispositionOf = (stored: string, mime: string) => {
  // Files stored before names were matched to their type still leave with the right extension.
  const name = nameForType(stored, mime);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const kind = mime.startsWith('image/') ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** Tickets between partners and staff (docs/product/tickets-and-mail.md). */
export const ticketsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  // Uploads come as the file's raw bytes; a little over the limit is read so "too big" is a 400 in words.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: TICKET_ATTACHMENT_MAX_BYTES + 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  registerEndpoint(app, ticketsApi.list, async ({ auth, query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listTickets(db, auth!, query, time_zone);
  });
  registerEndpoint(app, ticketsApi.unread, async ({ auth }) => ({ unread: await countUnread(db, auth!) }));
  registerEndpoint(app, ticketsApi.create, ({ auth, body, ip }) => createTicket(deps, auth!, body, { ip }));
  registerEndpoint(app, ticketsApi.upload, ({ auth, query, req, reply }) =>
    storeUpload(db, auth!, query.name, req.body, (seconds) => reply.header('retry-after', String(seconds))),
  );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ticketsApi.download.path,
    exposeHeadRoute: false,
    config: { endpoint: ticketsApi.download },
    schema: { summary: ticketsApi.download.summary, tags: ['tickets'], params: ticketsApi.download.params },
    handler: async (req, reply) => {
      const file = await loadAttachment(db, req.auth!, (req.params as { uuid: string }).uuid);
      return reply
        .header('Content-Type', file.mime)
        .header('Content-Disposition', dispositionOf(file.name, file.mime))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.content);
    },
  });
  registerEndpoint(app, ticketsApi.get, ({ auth, params }) => readTicket(db, auth!, params.uuid));
  registerEndpoint(app, ticketsApi.reply, ({ auth, params, body, ip }) =>
    replyToTicket(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, ticketsApi.close, ({ auth, params, ip }) =>
    setTicketClosed(db, auth!, params.uuid, true, { ip }),
  );
  registerEndpoint(app, ticketsApi.reopen, ({ auth, params, ip }) =>
    setTicketClosed(db, auth!, params.uuid, false, { ip }),
  );
  registerEndpoint(app, ticketsApi.decideAccess, ({ auth, params, body, ip }) =>
    decideFromTicket(deps, auth!, params.uuid, body, { ip }),
  );
};
