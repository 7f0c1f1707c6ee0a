// The public entry of the settings module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { settingsRoutes } from './settings.routes.ts';
export { affiliateDefaults, generalSettings, getGeneralSettings, registrationSettings } from './settings.service.ts';
export { settingsSection } from './settings.store.ts';
