export * from './offers.schemas.ts';
export * from './portal.schemas.ts';
export * from './tracking-link.ts';
export * as offersApi from './offers.endpoints.ts';
export * as offersPortalApi from './portal.endpoints.ts';
export * from './payouts.ts';
