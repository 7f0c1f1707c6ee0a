// The public entry of the notifications module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { notificationsRoutes } from './notifications.routes.ts';
export { createAlerts, type Alerts } from './alerts.ts';
export { enqueueAlert, alertAffiliate, type AlertInput } from './outbox.ts';
export { alertConversionsRejected, type RejectedConversion } from './conversion-alerts.ts';

// Used only by tests and benchmarks outside the module.
export { drainOnce } from './outbox-worker.ts';
export { webhookSignature } from './deliver.ts';
