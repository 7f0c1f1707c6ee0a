import { formatDate } from '@pxl/contract/format/date';

/** DD.MM.YYYY with the time on a new line (docs/product/screens-and-lists.md). */
export function DateCell({ value, timeZone }: { value: string | null | undefined; timeZone?: string }) {
  const { date, time } = formatDate(value, timeZone);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {date}
      {time && (
        <>
          <br />
          <span style={{ color: 'var(--mantine-color-dimmed)' }}>{time}</span>
        </>
      )}
    </span>
  );
}
