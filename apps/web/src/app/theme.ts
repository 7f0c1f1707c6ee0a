import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Status badges sit in narrow table columns; a cut "ON MO…" reads worse than a wider column.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});
