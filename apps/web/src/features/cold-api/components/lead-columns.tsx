import { Badge, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import type { ColdLead, ColdSource } from '@pxl/contract/cold-api/cold.schemas';
import { GENDERS, LEAD_HISTORY_STATUSES } from '@pxl/contract/constants/constants.data';
import { LEAD_REFUSALS } from '@pxl/contract/leads/leads.schemas';
import { dateColumn, type DataColumn } from '@/components/data-table/index.ts';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { CutText } from '@/components/ui/cut-text.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { LeadStatusBadge, offerText, personName } from './cold-labels.tsx';
import { DASH } from '@/components/ui/dash.tsx';

const text = (value: string | null | undefined, length = 24) =>
  value ? (
    <span style={{ whiteSpace: 'nowrap' }}>
      <CutText text={value} length={length} />
    </span>
  ) : (
    DASH
  );
const callStatusText = (s: string | null) => (s ? ((LEAD_HISTORY_STATUSES as Record<string, string>)[s] ?? s) : '');
const reasonText = (r: string | null) => (r ? ((LEAD_REFUSALS as Record<string, string>)[r] ?? r) : '');
const genderText = (g: string | null) => (g ? ((GENDERS as Record<string, string>)[g] ?? g) : '');

export type Selection = { has: (uuid: string) => boolean; toggle: (uuid: string, on: boolean) => void };

/** The tick of a row: what "Add selected" and "Remove selected" take. */
export const selectColumn = <Row extends { uuid: string; email: string | null }>(
  selection: Selection,
): DataColumn<Row> => ({
  key: 'select',
  header: 'Select',
  width: 40,
  exportable: false,
  render: (r) => (
    <Checkbox
      aria-label={`Select ${r.email ?? r.uuid}`}
      checked={selection.has(r.uuid)}
      onChange={(e) => selection.toggle(r.uuid, e.currentTarget.checked)}
    />
  ),
});

/** Columns of a stored lead, on the add page's results and the list's details. */
export function leadColumns<Row extends ColdLead>(
  source: ColdSource,
  timeZone: string,
  /** Columns of this page hidden until chosen; `after`: columns of the page put right after the status. */
  page: { hidden?: readonly string[]; after?: DataColumn<Row>[] } = {},
): DataColumn<Row>[] {
  const columns: DataColumn<Row>[] = [
    dateColumn<ColdLead>('created_at', 'Time', timeZone, { width: 110 }),
    {
      key: 'uuid',
      header: 'Lead ID',
      hidden: true,
      render: (r) => (
        <Tooltip label={r.uuid} withArrow>
          <Text span size="sm" ff="monospace">
            {r.uuid.slice(0, 8)}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'offer',
      header: 'Offer',
      render: (r) => text(offerText(r.offer), 26),
      exportValue: (r) => offerText(r.offer),
    },
    {
      key: 'affiliate',
      header: 'Affiliate',
      render: (r) => text(r.affiliate.name, 20),
      exportValue: (r) => r.affiliate.name,
    },
    {
      key: 'product',
      header: 'Product',
      render: (r) => text(r.product?.name),
      exportValue: (r) => r.product?.name ?? '',
    },
    { key: 'email', header: 'Email', render: (r) => text(r.email, 28), exportValue: (r) => r.email ?? '' },
    { key: 'name', header: 'Name', render: (r) => text(personName(r), 20), exportValue: personName },
    {
      key: 'phone',
      header: 'Phone',
      hidden: true,
      render: (r) => text(r.phone, 20),
      exportValue: (r) => r.phone ?? '',
    },
    {
      key: 'country',
      header: 'Geo',
      width: 70,
      render: (r) => (r.country ? <CountryFlag code={r.country} /> : DASH),
      exportValue: (r) => r.country ?? '',
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) => <LeadStatusBadge status={r.status} />,
      exportValue: (r) => statusLabel(r.status),
    },
    {
      key: 'reason',
      header: 'Reason',
      render: (r) => text(reasonText(r.reason), 28),
      exportValue: (r) => reasonText(r.reason),
    },
    {
      key: 'call_status',
      header: 'Call status',
      render: (r) => text(callStatusText(r.call_status), 18),
      exportValue: (r) => callStatusText(r.call_status),
    },
    ...(source === 'conversion'
      ? ([
          {
            key: 'conversion',
            header: 'Conversion',
            render: (r) =>
              r.conversion ? (
                <Group gap={4} wrap="nowrap">
                  <Text span size="sm">
                    {r.conversion.goal}
                  </Text>
                  <Badge size="sm" variant="light" color="gray" radius="sm">
                    {statusLabel(r.conversion.status)}
                  </Badge>
                </Group>
              ) : (
                DASH
              ),
            exportValue: (r) => (r.conversion ? `${r.conversion.goal} (${statusLabel(r.conversion.status)})` : ''),
          },
        ] satisfies DataColumn<Row>[])
      : []),
    { key: 'device', header: 'Device', hidden: true, render: (r) => text(r.device) },
    { key: 'os', header: 'OS', hidden: true, render: (r) => text(r.os) },
    {
      key: 'gender',
      header: 'Gender',
      hidden: true,
      render: (r) => text(genderText(r.gender)),
      exportValue: (r) => genderText(r.gender),
    },
    {
      key: 'is_ftd',
      header: 'FTD',
      width: 60,
      render: (r) =>
        r.is_ftd ? (
          <Badge color="green" variant="filled" radius="sm">
            FTD
          </Badge>
        ) : (
          DASH
        ),
      exportValue: (r) => (r.is_ftd ? 'Yes' : ''),
    },
    { key: 'resends', header: 'Re-sends', width: 80 },
  ];
  const shown = columns.map((c) => (page.hidden?.includes(c.key) ? { ...c, hidden: true } : c));
  const at = shown.findIndex((c) => c.key === 'status') + 1;
  return [...shown.slice(0, at), ...(page.after ?? []), ...shown.slice(at)];
}
