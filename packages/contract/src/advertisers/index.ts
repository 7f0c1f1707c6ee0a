export * from './advertisers.schemas.ts';
export * as advertisersApi from './advertisers.endpoints.ts';
