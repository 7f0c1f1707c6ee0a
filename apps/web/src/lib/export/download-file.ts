import type { CsvFile } from '@pxl/contract/csv/build-csv';

/** Saves a CSV file through a temporary link (the browser's download). */
export function downloadFile({ filename, content }: CsvFile): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
