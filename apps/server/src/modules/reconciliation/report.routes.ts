import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reconciliationApplyApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { advertiserDiscrepancy, differencesCsv } from './report.service.ts';

const csvEndpoint = reconciliationApplyApi.importDifferencesCsv;

/** An import's differences as CSV for the advertiser, and the advertiser's discrepancy per period. */
export const reconciliationReportRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  // Not the JSON envelope: the file itself, streamed as it is read.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: csvEndpoint.path,
    exposeHeadRoute: false,
    config: { endpoint: csvEndpoint },
    schema: { summary: csvEndpoint.summary, tags: ['reconciliation'], params: csvEndpoint.params },
    handler: async (req, reply) => {
      const { filename, stream } = await differencesCsv(db, req.auth!, (req.params as { uuid: string }).uuid);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  });
  registerEndpoint(app, reconciliationApplyApi.advertiserDiscrepancy, ({ auth, params }) =>
    advertiserDiscrepancy(db, auth!, params.uuid),
  );
};
