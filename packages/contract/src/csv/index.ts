export * from './build-csv.ts';
export * from './export-pages.ts';
