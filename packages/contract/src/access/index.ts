export * from './roles.ts';
export * from './endpoint.ts';
export * from './capabilities.ts';
