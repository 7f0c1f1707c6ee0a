import type { Endpoint } from './access/endpoint.ts';
import * as auth from './auth/auth.endpoints.ts';
import * as log from './log/log.endpoints.ts';
import * as settings from './settings/settings.endpoints.ts';
import * as constants from './constants/constants.endpoints.ts';
import * as affiliates from './affiliates/affiliates.endpoints.ts';
import * as advertisers from './advertisers/advertisers.endpoints.ts';
import * as managers from './managers/managers.endpoints.ts';
import * as account from './account/account.endpoints.ts';
import * as offers from './offers/offers.endpoints.ts';
import * as offersPortal from './offers/portal.endpoints.ts';
import * as landings from './landings/landings.endpoints.ts';
import * as tracking from './tracking/tracking.endpoints.ts';
import * as conversions from './conversions/conversions.endpoints.ts';
import * as postbacks from './postbacks/postbacks.endpoints.ts';
import * as leads from './leads/leads.endpoints.ts';
import * as statistic from './statistic/statistic.endpoints.ts';
import * as dashboard from './statistic/dashboard.endpoints.ts';
import * as billing from './billing/billing.endpoints.ts';
import * as payments from './billing/payments.endpoints.ts';
import * as news from './news/news.endpoints.ts';
import * as documents from './documents/documents.endpoints.ts';
import * as mail from './mail/mail.endpoints.ts';
import * as tickets from './tickets/tickets.endpoints.ts';
import * as coldApi from './cold-api/cold.endpoints.ts';
import * as system from './system/system.endpoints.ts';
import * as backups from './backups/backups.endpoints.ts';
import * as fraud from './fraud/fraud.endpoints.ts';
import * as reconciliation from './reconciliation/reconciliation.endpoints.ts';
import * as reconciliationMatch from './reconciliation/reconciliation-match.endpoints.ts';
import * as reconciliationApply from './reconciliation/reconciliation-apply.endpoints.ts';
import * as automation from './automation/automation.endpoints.ts';
import * as notifications from './notifications/notifications.endpoints.ts';

/** Every endpoint of the API; the server refuses to register a route missing from here. */
export const allEndpoints: readonly Endpoint[] = [
  ...Object.values(auth),
  ...Object.values(log),
  ...Object.values(settings),
  ...Object.values(constants),
  ...Object.values(account),
  ...Object.values(affiliates),
  ...Object.values(advertisers),
  ...Object.values(managers),
  ...Object.values(offers),
  ...Object.values(offersPortal),
  ...Object.values(landings),
  ...Object.values(tracking),
  ...Object.values(conversions),
  ...Object.values(postbacks),
  ...Object.values(leads),
  ...Object.values(statistic),
  ...Object.values(dashboard),
  ...Object.values(billing),
  ...Object.values(payments),
  ...Object.values(news),
  ...Object.values(documents),
  ...Object.values(mail),
  ...Object.values(tickets),
  ...Object.values(coldApi),
  ...Object.values(system),
  ...Object.values(backups),
  ...Object.values(fraud),
  ...Object.values(reconciliation),
  ...Object.values(reconciliationMatch),
  ...Object.values(reconciliationApply),
  ...Object.values(automation),
  ...Object.values(notifications),
] as Endpoint[];
