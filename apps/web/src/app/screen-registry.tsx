import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@pxl/contract/http/messages';

type Screen = LazyExoticComponent<ComponentType>;

/** A script part that has not loaded in 120 s counts as a failed chunk and reloads the page (docs/product/screens-and-lists.md). */
function withTimeout<M>(load: () => Promise<M>, name: string): Promise<M> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Loading chunk ${name} failed`)), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

// One lazy chunk per section, so a section's code loads only when it is opened.
const named = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Screen =>
  lazy(async () => ({ default: pick(await withTimeout(load, pick.name || 'screen')) }));

const Login = named(
  () => import('./screens/auth/login-screen.tsx'),
  (m) => m.LoginScreen,
);
const Signup = named(
  () => import('./screens/auth/signup-screen.tsx'),
  (m) => m.SignupScreen,
);
const Recovery = named(
  () => import('./screens/auth/password-recovery-screen.tsx'),
  (m) => m.PasswordRecoveryScreen,
);
const PublicDocument = named(
  () => import('./screens/public/public-document-screen.tsx'),
  (m) => m.PublicDocumentScreen,
);
const Dashboard = named(
  () => import('./screens/dashboard/dashboard-screen.tsx'),
  (m) => m.DashboardScreen,
);
const News = named(
  () => import('./screens/dashboard/news-screen.tsx'),
  (m) => m.NewsScreen,
);
const GeneralSettings = named(
  () => import('./screens/settings/general-settings-screen.tsx'),
  (m) => m.GeneralSettingsScreen,
);
const PersonalLogs = named(
  () => import('./screens/settings/personal-logs-screen.tsx'),
  (m) => m.PersonalLogsScreen,
);
const PersonalSettings = named(
  () => import('./screens/settings/personal-settings-screen.tsx'),
  (m) => m.PersonalSettingsScreen,
);
const Profile = named(
  () => import('./screens/settings/profile-screen.tsx'),
  (m) => m.ProfileScreen,
);
const PaymentsSettings = named(
  () => import('./screens/settings/payments-settings-screen.tsx'),
  (m) => m.PaymentsSettingsScreen,
);
const Security = named(
  () => import('./screens/settings/security-screen.tsx'),
  (m) => m.SecurityScreen,
);
const RegistrationSettings = named(
  () => import('./screens/settings/registration-settings-screen.tsx'),
  (m) => m.RegistrationSettingsScreen,
);
const SystemSettings = named(
  () => import('./screens/settings/system-screen.tsx'),
  (m) => m.SystemScreen,
);
const FraudSettings = named(
  () => import('./screens/settings/fraud-settings-screen.tsx'),
  (m) => m.FraudSettingsScreen,
);
const Automation = named(
  () => import('./screens/settings/automation-screen.tsx'),
  (m) => m.AutomationScreen,
);
const Notifications = named(
  () => import('./screens/settings/notifications-screen.tsx'),
  (m) => m.NotificationsScreen,
);
const SmtpSettings = named(
  () => import('./screens/settings/smtp-settings-screen.tsx'),
  (m) => m.SmtpSettingsScreen,
);
const AffiliateDefaults = named(
  () => import('./screens/settings/affiliate-defaults-screen.tsx'),
  (m) => m.AffiliateDefaultsScreen,
);
const DomainsSettings = named(
  () => import('./screens/settings/domains-settings-screen.tsx'),
  (m) => m.DomainsSettingsScreen,
);
const TrafficbackSettings = named(
  () => import('./screens/settings/trafficback-settings-screen.tsx'),
  (m) => m.TrafficbackSettingsScreen,
);
const TestIntegrations = named(
  () => import('./screens/settings/test-integrations-screen.tsx'),
  (m) => m.TestIntegrationsScreen,
);
const TestOffer = named(
  () => import('./screens/settings/test-offer-screen.tsx'),
  (m) => m.TestOfferScreen,
);
const TestDirectLink = named(
  () => import('./screens/settings/test-direct-link-screen.tsx'),
  (m) => m.TestDirectLinkScreen,
);
const PostbackSettings = named(
  () => import('./screens/settings/postback-settings-screen.tsx'),
  (m) => m.PostbackSettingsScreen,
);
const DirectLinkGeneral = named(
  () => import('./screens/statistic/general-screen.tsx'),
  (m) => m.DirectLinkGeneralScreen,
);
const ApiGeneral = named(
  () => import('./screens/statistic/general-screen.tsx'),
  (m) => m.ApiGeneralScreen,
);
const Postbacks = named(
  () => import('./screens/statistic/postbacks-screen.tsx'),
  (m) => m.PostbacksScreen,
);
const StatClicks = named(
  () => import('./screens/statistic/log-screens.tsx'),
  (m) => m.ClicksScreen,
);
const StatConversions = named(
  () => import('./screens/statistic/log-screens.tsx'),
  (m) => m.ConversionsScreen,
);
const StatUserSessions = named(
  () => import('./screens/statistic/log-screens.tsx'),
  (m) => m.UserSessionsScreen,
);
const ConversionDetail = named(
  () => import('./screens/statistic/conversion-detail-screen.tsx'),
  (m) => m.ConversionDetailScreen,
);
const Affiliates = named(
  () => import('./screens/roles/affiliates-screen.tsx'),
  (m) => m.AffiliatesScreen,
);
const AffiliateForm = named(
  () => import('./screens/roles/affiliate-form-screen.tsx'),
  (m) => m.AffiliateFormScreen,
);
const Advertisers = named(
  () => import('./screens/roles/advertisers-screen.tsx'),
  (m) => m.AdvertisersScreen,
);
const AdvertiserForm = named(
  () => import('./screens/roles/advertiser-form-screen.tsx'),
  (m) => m.AdvertiserFormScreen,
);
const Managers = named(
  () => import('./screens/roles/managers-screen.tsx'),
  (m) => m.ManagersScreen,
);
const ManagerForm = named(
  () => import('./screens/roles/manager-form-screen.tsx'),
  (m) => m.ManagerFormScreen,
);
const PortalOffers = named(
  () => import('./screens/offer-portal/portal-offers-screen.tsx'),
  (m) => m.PortalOffersScreen,
);
const PortalOfferDetail = named(
  () => import('./screens/offer-portal/portal-offer-detail-screen.tsx'),
  (m) => m.PortalOfferDetailScreen,
);
const Landings = named(
  () => import('./screens/landings/landings-screen.tsx'),
  (m) => m.LandingsScreen,
);
const LandingForm = named(
  () => import('./screens/landings/landing-form-screen.tsx'),
  (m) => m.LandingFormScreen,
);
const Offers = named(
  () => import('./screens/offers/offers-screen.tsx'),
  (m) => m.OffersScreen,
);
const OfferForm = named(
  () => import('./screens/offers/offer-form-screen.tsx'),
  (m) => m.OfferFormScreen,
);
const OfferDetail = named(
  () => import('./screens/offers/offer-detail-screen.tsx'),
  (m) => m.OfferDetailScreen,
);
const Billing = named(
  () => import('./screens/billing/billing-screen.tsx'),
  (m) => m.BillingScreen,
);
const InvoiceForm = named(
  () => import('./screens/billing/invoice-form-screen.tsx'),
  (m) => m.InvoiceFormScreen,
);
const InvoiceDetail = named(
  () => import('./screens/billing/invoice-detail-screen.tsx'),
  (m) => m.InvoiceDetailScreen,
);
const ReconciliationDetail = named(
  () => import('./screens/billing/reconciliation-detail-screen.tsx'),
  (m) => m.ReconciliationDetailScreen,
);
const Reconciliation = named(
  () => import('./screens/billing/reconciliation-screen.tsx'),
  (m) => m.ReconciliationScreen,
);
const Payments = named(
  () => import('./screens/payments/payments-screen.tsx'),
  (m) => m.PaymentsScreen,
);
const Referrals = named(
  () => import('./screens/settings/referrals-screen.tsx'),
  (m) => m.ReferralsScreen,
);
const TestPage = named(
  () => import('./screens/misc/test-page-screen.tsx'),
  (m) => m.TestPageScreen,
);
const NewsSettings = named(
  () => import('./screens/settings/news-settings-screen.tsx'),
  (m) => m.NewsSettingsScreen,
);
const NewsForm = named(
  () => import('./screens/settings/news-form-screen.tsx'),
  (m) => m.NewsFormScreen,
);
const Tickets = named(
  () => import('./screens/tickets/tickets-screen.tsx'),
  (m) => m.TicketsScreen,
);
const Ticket = named(
  () => import('./screens/tickets/ticket-screen.tsx'),
  (m) => m.TicketScreen,
);
const TicketCreate = named(
  () => import('./screens/tickets/ticket-create-screen.tsx'),
  (m) => m.TicketCreateScreen,
);
const ReColdApi = named(
  () => import('./screens/cold-api/re-cold-api-screen.tsx'),
  (m) => m.ReColdApiScreen,
);
const ColdDistribution = named(
  () => import('./screens/cold-api/distribution-screen.tsx'),
  (m) => m.DistributionScreen,
);
const ColdRules = named(
  () => import('./screens/cold-api/rules-screen.tsx'),
  (m) => m.ColdRulesScreen,
);
const LeadLists = named(
  () => import('./screens/cold-api/lead-lists-screen.tsx'),
  (m) => m.LeadListsScreen,
);
const LeadListAdd = named(
  () => import('./screens/cold-api/lead-list-screens.tsx'),
  (m) => m.LeadListAddScreen,
);
const LeadListDetails = named(
  () => import('./screens/cold-api/lead-list-screens.tsx'),
  (m) => m.LeadListDetailsScreen,
);
const ComingSoon = named(
  () => import('./screens/misc/coming-soon-screen.tsx'),
  (m) => m.ComingSoonScreen,
);

const SCREENS: Record<string, Screen> = {
  '/login': Login,
  '/signup': Signup,
  '/password-recovery': Recovery,
  '/user-privacy-policy': PublicDocument,
  '/user-agreement': PublicDocument,
  '/user-terms-and-conditions': PublicDocument,
  '/dashboard': Dashboard,
  '/dashboard/news': News,
  '/tickets': Tickets,
  '/tickets/create': TicketCreate,
  '/tickets/:uuid': Ticket,
  '/settings/general': GeneralSettings,
  '/settings/personal/logs': PersonalLogs,
  '/settings/personal': PersonalSettings,
  '/settings/profile': Profile,
  '/settings/payments': PaymentsSettings,
  '/settings/security': Security,
  '/settings/registration': RegistrationSettings,
  '/settings/smtp': SmtpSettings,
  '/settings/system': SystemSettings,
  '/settings/fraud': FraudSettings,
  '/settings/automation': Automation,
  '/settings/notifications': Notifications,
  '/settings/affiliates': AffiliateDefaults,
  '/settings/domains': DomainsSettings,
  '/settings/trafficback': TrafficbackSettings,
  '/settings/test-api/integrations': TestIntegrations,
  '/settings/test-api/offer': TestOffer,
  '/settings/test-api/direct-link': TestDirectLink,
  '/settings/postback': PostbackSettings,
  '/statistic/direct-link/general': DirectLinkGeneral,
  '/statistic/api/general': ApiGeneral,
  '/statistic/postbacks': Postbacks,
  '/statistic/direct-link/clicks': StatClicks,
  '/statistic/direct-link/conversion': StatConversions,
  '/statistic/direct-link/conversion/detail/:uuid': ConversionDetail,
  '/statistic/api/clicks': StatClicks,
  '/statistic/api/user-session': StatUserSessions,
  '/statistic/api/conversion': StatConversions,
  '/statistic/api/conversion/detail/:uuid': ConversionDetail,
  '/roles/affiliates': Affiliates,
  '/roles/affiliates/create': AffiliateForm,
  '/roles/affiliates/edit/:uuid': AffiliateForm,
  '/roles/advertisers': Advertisers,
  '/roles/advertisers/create': AdvertiserForm,
  '/roles/advertisers/edit/:uuid': AdvertiserForm,
  '/roles/managers': Managers,
  '/roles/managers/create': ManagerForm,
  '/roles/managers/edit/:uuid': ManagerForm,
  '/offers/all': PortalOffers,
  '/offers/live': PortalOffers,
  '/offers/available': PortalOffers,
  '/offers/direct-link/detail/:id': PortalOfferDetail,
  '/offers/api/detail/:id': PortalOfferDetail,
  '/landings': Landings,
  '/landings/create': LandingForm,
  '/landings/edit/:uuid': LandingForm,
  '/offers': Offers,
  '/offers/create-direct-link': OfferForm,
  '/offers/edit-direct-link/:uuid': OfferForm,
  '/offers/detail-direct-link/:uuid': OfferDetail,
  '/offers/create-api': OfferForm,
  '/offers/edit-api/:uuid': OfferForm,
  '/offers/detail-api/:uuid': OfferDetail,
  '/billing': Billing,
  '/billing/invoice-create': InvoiceForm,
  '/billing/invoice-edit/:uuid': InvoiceForm,
  '/billing/invoice-delete/:uuid': InvoiceForm,
  '/billing/invoice-detail/:uuid': InvoiceDetail,
  '/billing/reconciliation/:uuid': ReconciliationDetail,
  '/billing/reconciliation': Reconciliation,
  '/payments': Payments,
  '/settings/referrals': Referrals,
  '/settings/news': NewsSettings,
  '/settings/news/create': NewsForm,
  '/settings/news/edit/:uuid': NewsForm,
  '/cold-api/re-cold-api': ReColdApi,
  '/cold-api/re-cold-api/list/:uuid': ColdDistribution,
  '/cold-api/rules': ColdRules,
  '/cold-api/lead-list': LeadLists,
  '/cold-api/lead-list/add/:uuid/user-session': LeadListAdd,
  '/cold-api/lead-list/add/:uuid/conversion': LeadListAdd,
  '/cold-api/lead-list/details/:uuid/user-session': LeadListDetails,
  '/cold-api/lead-list/details/:uuid/conversion': LeadListDetails,
  '/ohma': TestPage,
};

/** The screen of a route pattern; routes not built yet show their frame only. */
export const screenFor = (pattern: string): Screen => SCREENS[pattern] ?? ComingSoon;
