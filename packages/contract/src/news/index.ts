export * from './news.schemas.ts';
export * as newsApi from './news.endpoints.ts';
