export * from './tickets.schemas.ts';
export * as ticketsApi from './tickets.endpoints.ts';
