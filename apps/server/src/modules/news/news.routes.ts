import type { FastifyInstance } from 'fastify';
import { newsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { generalSettings } from '../settings/index.ts';
import { findNews, listNews } from './news.repository.ts';
import { createNews, deleteNews, markNewsRead, readNewsFeed, updateNews, withHtml } from './news.service.ts';

/** News for partners (docs/product/tickets-and-mail.md): admin and head write them, partners read their audience's. */
export const newsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, newsApi.list, async ({ query }) => {
    const { time_zone } = await generalSettings.get(db);
    const page = await listNews(db, query, time_zone);
    return { ...page, list: page.list.map(withHtml) };
  });
  registerEndpoint(app, newsApi.get, async ({ params }) => {
    const found = await findNews(db, params.uuid);
    if (!found) throw notFound('News item');
    return withHtml(found);
  });
  registerEndpoint(app, newsApi.create, ({ auth, body, ip }) => createNews(db, auth!, body, { ip }));
  registerEndpoint(app, newsApi.update, ({ auth, params, body, ip }) =>
    updateNews(db, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, newsApi.remove, ({ auth, params, ip }) => deleteNews(db, auth!, params.uuid, { ip }));
  registerEndpoint(app, newsApi.preview, async ({ body }) => ({ html: renderMarkdown(body.body) }));
  registerEndpoint(app, newsApi.feed, ({ auth, query }) => readNewsFeed(db, auth!, query));
  registerEndpoint(app, newsApi.markRead, ({ auth, params }) => markNewsRead(db, auth!, params.uuid));
};
