export * from './conversions.schemas.ts';
export * as conversionsApi from './conversions.endpoints.ts';
