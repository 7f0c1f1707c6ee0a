import type { FastifyInstance } from 'fastify';
import { billingApi, paymentsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { affiliateBalance, previewGeneration, runGeneration } from './billing.service.ts';
import { declineInvoice, removeInvoice, updateInvoice } from './invoice-changes.service.ts';
import { addPayment } from './invoice-payment.service.ts';
import { refreshPaymentDetails } from './invoice-refresh.service.ts';
import {
  invoiceConversions,
  invoiceList,
  ownInvoice,
  ownInvoices,
  payoutBatch,
  staffInvoice,
} from './invoice-reads.service.ts';

/** Billing for admin and head, the affiliate's own payments (roles in the contract, docs/product/billing.md). */
export const billingRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  registerEndpoint(app, billingApi.list, ({ query }) => invoiceList(deps, query));
  registerEndpoint(app, billingApi.preview, ({ body }) => previewGeneration(deps, body));
  registerEndpoint(app, billingApi.generate, ({ auth, body, ip }) => runGeneration(deps, auth!, body, ip));
  registerEndpoint(app, billingApi.payoutBatch, ({ query }) => payoutBatch(deps, query));
  registerEndpoint(app, billingApi.get, ({ params }) => staffInvoice(deps, params.uuid));
  registerEndpoint(app, billingApi.conversions, ({ params, query }) => invoiceConversions(deps, params.uuid, query));
  registerEndpoint(app, billingApi.update, ({ auth, params, body, ip }) =>
    updateInvoice(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, billingApi.remove, ({ auth, params, ip }) => removeInvoice(deps, auth!, params.uuid, { ip }));
  registerEndpoint(app, billingApi.addPayment, ({ auth, params, body, ip }) =>
    addPayment(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, billingApi.changeStatus, ({ auth, params, body, ip }) =>
    declineInvoice(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, billingApi.refreshPaymentDetails, ({ auth, params, ip }) =>
    refreshPaymentDetails(deps, auth!, params.uuid, { ip }),
  );
  registerEndpoint(app, paymentsApi.balance, ({ auth }) => affiliateBalance(deps, auth!.user.id));
  registerEndpoint(app, paymentsApi.invoices, ({ auth, query }) => ownInvoices(deps, auth!.user.id, query));
  registerEndpoint(app, paymentsApi.invoice, ({ auth, params }) => ownInvoice(deps, auth!.user.id, params.uuid));
};
