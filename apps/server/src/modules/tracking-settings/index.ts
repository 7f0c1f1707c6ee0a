// The public entry of the tracking-settings module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { listDomainNames } from './domains.repository.ts';
export { trackingSettingsRoutes } from './tracking-settings.routes.ts';
export { trafficbackSettings } from './trafficback.service.ts';
