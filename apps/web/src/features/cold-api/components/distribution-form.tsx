import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { timeZoneOptions } from '@pxl/contract/constants/time-zones';
import { toOptions } from '@pxl/contract/constants/options';
import { distributionInputSchema, type Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useColdOptions, useSaveDistribution } from '../api/distributions.ts';
import { offerText, OtherErrors } from './cold-labels.tsx';
import { distributionInput, distributionToValues, type DistributionValues } from './distribution-values.ts';

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const FROM_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const TO_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h + 1), label: hourLabel(h + 1) }));

const FIELDS = [
  'title',
  'list_uuid',
  'rule_uuid',
  'affiliate_uuid',
  'offer_uuid',
  'product_uuids',
  'start_date',
  'end_date',
  'hour_from',
  'hour_to',
  'time_zone',
  'interval_min',
  'interval_max',
  'daily_limit',
];

type Props = {
  distribution?: Distribution;
  timeZone: string;
  onClose: () => void;
  onSaved?: (d: Distribution) => void;
};

/** Create or edit a distribution in a drawer: what to send (list, rule, as whom, where) and when. */
export function DistributionForm({ distribution, timeZone, onClose, onSaved }: Props) {
  const [values, setValues] = useState<DistributionValues>(() => distributionToValues(distribution, timeZone));
  const options = useColdOptions();
  const { errors, submit, saving } = useSaveForm(useSaveDistribution(distribution?.uuid));
  const set = (patch: Partial<DistributionValues>) => setValues((v) => ({ ...v, ...patch }));
  // Zone offsets as of when the form opened: reading the clock while rendering would make each render differ.
  const [openedAt] = useState(() => new Date());
  const zones = useMemo(() => toOptions(timeZoneOptions(openedAt, [values.time_zone])), [openedAt, values.time_zone]);
  const data = options.data;
  const offer = data?.offers.find((o) => o.uuid === values.offer_uuid);
  const lists = (data?.lists ?? []).map((l) => ({ value: l.uuid, label: `${l.title} (${l.leads} leads)` }));
  const rules = (data?.rules ?? []).map((r) => ({ value: r.uuid, label: r.name }));
  const affiliates = (data?.affiliates ?? []).map((a) => ({ value: a.uuid, label: `${a.name} (${a.email})` }));
  const offers = (data?.offers ?? []).map((o) => ({ value: o.uuid, label: offerText(o) }));
  const products = (offer?.products ?? []).map((p) => ({ value: p.uuid, label: p.name }));
  const save = () =>
    submit(distributionInputSchema, distributionInput(values), {
      notice: (d) => `Distribution ${d.title} ${distribution ? 'saved' : 'created'}`,
      onSaved: (d) => {
        onSaved?.(d);
        onClose();
      },
    });
  const select = { searchable: true, comboboxProps: { withinPortal: true }, nothingFoundMessage: 'Nothing found' };
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={distribution ? `Edit ${distribution.title}` : 'New distribution'}
    >
      <form
        noValidate
        aria-label="Distribution"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          {options.isError && <Alert color="red">The lists, rules, affiliates and offers could not be loaded.</Alert>}
          <TextInput
            label="Title"
            name="title"
            required
            maxLength={200}
            value={values.title}
            error={errors.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Lead list"
              name="list_uuid"
              required
              data={lists}
              value={values.list_uuid}
              error={errors.list_uuid}
              onChange={(list_uuid) => set({ list_uuid })}
              {...select}
            />
            <Select
              label="Rule"
              name="rule_uuid"
              required
              data={rules}
              value={values.rule_uuid}
              error={errors.rule_uuid}
              onChange={(rule_uuid) => set({ rule_uuid })}
              {...select}
            />
          </SimpleGrid>
          <Select
            label="Send as affiliate"
            name="affiliate_uuid"
            required
            description="The new user sessions count for this affiliate"
            data={affiliates}
            value={values.affiliate_uuid}
            error={errors.affiliate_uuid}
            onChange={(affiliate_uuid) => set({ affiliate_uuid })}
            {...select}
          />
          <Select
            label="Offer"
            name="offer_uuid"
            required
            description="An API offer; leads follow its waterfall"
            data={offers}
            value={values.offer_uuid}
            error={errors.offer_uuid}
            onChange={(offer_uuid) => set({ offer_uuid, product_uuids: [] })}
            {...select}
          />
          <MultiSelect
            label="Products"
            name="product_uuids"
            placeholder={values.product_uuids.length ? undefined : 'All products of the offer'}
            disabled={!offer}
            data={products}
            value={values.product_uuids}
            error={errors.product_uuids}
            onChange={(product_uuids) => set({ product_uuids })}
            clearable
            {...select}
          />
          <Text fw={600} size="sm" mt="xs">
            Schedule
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Start date"
              name="start_date"
              required
              description="The first day of sending"
              value={values.start_date}
              error={errors.start_date}
              onChange={(e) => set({ start_date: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="End date"
              name="end_date"
              description="Empty: no end"
              value={values.end_date}
              error={errors.end_date}
              onChange={(e) => set({ end_date: e.currentTarget.value })}
            />
            <Select
              label="Send from"
              name="hour_from"
              data={FROM_HOURS}
              allowDeselect={false}
              value={values.hour_from}
              error={errors.hour_from}
              onChange={(v) => v && set({ hour_from: v })}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Send until"
              name="hour_to"
              data={TO_HOURS}
              allowDeselect={false}
              value={values.hour_to}
              error={errors.hour_to}
              onChange={(v) => v && set({ hour_to: v })}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Select
            label="Time zone"
            name="time_zone"
            data={zones}
            allowDeselect={false}
            value={values.time_zone}
            error={errors.time_zone}
            onChange={(v) => v && set({ time_zone: v })}
            {...select}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label="Shortest pause (s)"
              name="interval_min"
              inputMode="numeric"
              value={values.interval_min}
              error={errors.interval_min}
              onChange={(e) => set({ interval_min: e.currentTarget.value })}
            />
            <TextInput
              label="Longest pause (s)"
              name="interval_max"
              inputMode="numeric"
              value={values.interval_max}
              error={errors.interval_max}
              onChange={(e) => set({ interval_max: e.currentTarget.value })}
            />
            <TextInput
              label="Daily limit"
              name="daily_limit"
              inputMode="numeric"
              placeholder="No limit"
              value={values.daily_limit}
              error={errors.daily_limit}
              onChange={(e) => set({ daily_limit: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Order
            </Text>
            <SegmentedControl
              aria-label="Order"
              value={values.order}
              onChange={(v) => set({ order: v as DistributionValues['order'] })}
              data={[
                { value: 'newest', label: 'Newest leads first' },
                { value: 'oldest', label: 'Oldest leads first' },
              ]}
            />
          </Stack>
          <OtherErrors errors={errors} fields={FIELDS} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {distribution ? 'Save' : 'Create and start'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
