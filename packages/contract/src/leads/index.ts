export * from './integration.schemas.ts';
export * from './integration-templates.ts';
export * from './leads.schemas.ts';
export * as leadsApi from './leads.endpoints.ts';
