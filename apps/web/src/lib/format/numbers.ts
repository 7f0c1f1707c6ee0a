// Counts are shown with the network's en-US grouping ("12,345") whatever the browser's language, so figures
// read the same in every list, card and export; one formatter serves them all.
const counts = new Intl.NumberFormat('en-US');

/** A count or other plain number as shown in lists, cards and charts ("12,345"). */
export const formatCount = (n: number): string => counts.format(n);
