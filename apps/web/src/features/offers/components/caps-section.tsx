import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Paper, Select, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEVICES, OSS } from '@pxl/contract/constants/constants.data';
import { CAP_METRICS, CAP_PERIODS, offerCapsInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveOfferCaps } from '../api/save-offer-caps.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import type { NumberValue } from '@/lib/money.ts';
import { readableErrors, toNumber } from './money-values.ts';
import { statusOptions } from '@/lib/labels.ts';
import { refOption } from './offer-labels.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { SectionCard } from './section-card.tsx';

type CapValues = {
  metric: string;
  period: string;
  limit: NumberValue;
  geo: string | null;
  device: string | null;
  os: string | null;
  affiliate_uuid: string | null;
};

const toValues = (o: OfferDetail): CapValues[] =>
  o.caps.map((c) => ({
    metric: c.metric,
    period: c.period,
    limit: c.limit,
    geo: c.geo,
    device: c.device,
    os: c.os,
    affiliate_uuid: c.affiliate?.uuid ?? null,
  }));
const METRICS = statusOptions(CAP_METRICS);
const PERIODS = statusOptions(CAP_PERIODS);
const select = { w: 150, comboboxProps: { withinPortal: true } } as const;

/** Limits on clicks, leads or conversions per period, optionally for one country, device, OS or affiliate. */
export function CapsSection({ offer }: { offer: OfferDetail }) {
  const [rows, setRows] = useState<CapValues[]>(() => toValues(offer));
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferCaps(offer.uuid), readableErrors);
  const known = offer.caps.flatMap((c) => (c.affiliate ? [refOption(c.affiliate)] : []));
  const set = (i: number, patch: Partial<CapValues>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (i: number, key: string) => errors[`caps.${i}.${key}`];

  const submit = () =>
    send(
      offerCapsInputSchema,
      { caps: rows.map((r) => ({ ...r, limit: toNumber(r.limit) })) },
      {
        notice: 'Caps saved',
        onSaved: (saved) => setRows(toValues(saved)),
      },
    );

  return (
    <SectionCard
      title="Caps"
      testId="section-caps"
      onSave={submit}
      saving={saving}
      saveLabel="Save caps"
      description="Over a cap, clicks and leads go to trafficback and conversions earn no payout. Periods follow the network time zone."
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No caps: the offer takes unlimited traffic.
        </Text>
      )}
      {rows.map((row, i) => (
        <Paper key={i} withBorder p="sm" radius="sm" data-testid={`cap-${i}`}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <NumberInput
              label="Limit"
              required
              min={1}
              allowDecimal={false}
              w={120}
              value={row.limit}
              error={err(i, 'limit')}
              onChange={(limit) => set(i, { limit })}
            />
            <Select
              label="Metric"
              {...select}
              w={140}
              data={METRICS}
              allowDeselect={false}
              value={row.metric}
              error={err(i, 'metric')}
              onChange={(v) => v && set(i, { metric: v })}
            />
            <Select
              label="Period"
              {...select}
              w={110}
              data={PERIODS}
              allowDeselect={false}
              value={row.period}
              error={err(i, 'period')}
              onChange={(v) => v && set(i, { period: v })}
            />
            <Select
              label="Country"
              {...select}
              placeholder="Any"
              clearable
              searchable
              data={GEO_OPTIONS}
              value={row.geo}
              error={err(i, 'geo')}
              onChange={(geo) => set(i, { geo })}
            />
            <Select
              label="Device"
              {...select}
              w={110}
              placeholder="Any"
              clearable
              data={statusOptions(DEVICES)}
              value={row.device}
              error={err(i, 'device')}
              onChange={(device) => set(i, { device })}
            />
            <Select
              label="OS"
              {...select}
              w={110}
              placeholder="Any"
              clearable
              data={statusOptions(OSS)}
              value={row.os}
              error={err(i, 'os')}
              onChange={(os) => set(i, { os })}
            />
            <AffiliateSelect
              value={row.affiliate_uuid}
              known={known}
              w={220}
              placeholder="Any"
              error={err(i, 'affiliate_uuid')}
              onChange={(affiliate_uuid) => set(i, { affiliate_uuid })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              aria-label={`Remove cap ${i + 1}`}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {errors.caps && (
        <Text size="xs" c="red">
          {errors.caps}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() =>
          setRows([
            ...rows,
            {
              metric: 'conversions',
              period: 'day',
              limit: '',
              geo: null,
              device: null,
              os: null,
              affiliate_uuid: null,
            },
          ])
        }
      >
        Add cap
      </Button>
    </SectionCard>
  );
}
