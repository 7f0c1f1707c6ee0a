export * from './date.ts';
export * from './text.ts';
export * from './messenger.ts';
export * from './viewport.ts';
export * from './money.ts';
export * from './url-macros.ts';
