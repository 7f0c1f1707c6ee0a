export * from './roles.ts';
export * from './endpoint.ts';
