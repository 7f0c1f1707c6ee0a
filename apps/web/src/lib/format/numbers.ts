// Counts are shown with the network's en-US grouping ("12,345") whatever the browser's language, so figures
// read the same in every list, card and export; one formatter serves them all.
const counts = new Intl.NumberFormat('en-US');

/** A count or other plain number as shown in lists, cards and charts ("12,345"). */
export const formatCount = (n: number): string => counts.format(n);

const BYTE_UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** A size on disk in PostgreSQL's units (pg_size_pretty: steps of 1024): "8 kB", "1.5 MB", "312 MB", "12 GB". */
export const formatBytes = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || Math.abs(value) >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${formatCount(shown)} ${BYTE_UNITS[unit]}`;
};
