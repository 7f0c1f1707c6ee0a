export * from './route-table.ts';
export * from './route-rules.ts';
export * from './match-path.ts';
export * from './build-path.ts';
export * from './navigation.ts';
