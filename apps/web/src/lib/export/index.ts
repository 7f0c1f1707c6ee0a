export { useExport } from './use-export.ts';
export {
  runExport,
  exportRow,
  columnMapper,
  type ExportColumn,
  type ExportInput,
  type ExportOutcome,
} from './run-export.ts';
export { announceExportComplete, exportTitleAt } from './export-title.ts';
export { useLeaveGuard } from './use-leave-guard.ts';
