// The public entry of the mail module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { mailIfApproved } from './account-mails.ts';
export { startMailJobs } from './mail.jobs.ts';
export { mailRoutes } from './mail.routes.ts';
export { createOutboxMailer, DEFAULT_MAIL_RETRY_DELAYS, sendMailNow } from './mail.service.ts';

// Used only by tests and benchmarks outside the module.
export { deliverQueuedNow } from './mail.service.ts';
