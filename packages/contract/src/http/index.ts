export * from './envelope.ts';
export * from './paging.ts';
export * from './headers.ts';
export * from './messages.ts';
export * from './list.ts';
export * from './numbers.ts';
export * from './docs.ts';
export * from './update-body.ts';
