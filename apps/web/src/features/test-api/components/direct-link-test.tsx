import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Grid, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { DEVICES, OSS } from '@pxl/contract/constants/constants.data';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { clickSimulationSchema } from '@pxl/contract/tracking/tracking.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSimulateClick } from '../api/simulate-click.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { DecisionResult } from './decision-result.tsx';
import { LandingSelect } from './landing-select.tsx';
import { OfferSelect } from './offer-select.tsx';
import { EMPTY_VALUES, SUBS, simulationInput, type SimulationValues } from './simulation-values.ts';

const LABELS: Record<string, string> = { ios: 'iOS', 'mac-os': 'macOS', 'other-os': 'Other OS' };
const label = (v: string) => LABELS[v] ?? v.charAt(0).toUpperCase() + v.slice(1);
const DEVICE_OPTIONS = DEVICES.map((value) => ({ value, label: label(value) }));
const OS_OPTIONS = OSS.map((value) => ({ value, label: label(value) }));

/** Settings › Test API › Direct link: the inputs of a click, "Run test", and the decision beside them. */
export function DirectLinkTest() {
  const [values, setValues] = useState<SimulationValues>(EMPTY_VALUES);
  const simulate = useSimulateClick();
  const { errors, submit: send } = useSaveForm(simulate);
  const result = useRef<HTMLDivElement>(null);
  // On a phone the decision lands below the form, out of sight: bring it up. Beside the form it is seen already.
  useEffect(() => {
    const box = result.current;
    if (simulate.data && box && box.getBoundingClientRect().top > window.innerHeight * 0.6)
      box.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [simulate.data]);
  // A decision stays on screen only while it matches the inputs it was made for.
  const set = (patch: Partial<SimulationValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    if (simulate.data) simulate.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(clickSimulationSchema, simulationInput(values));
  };

  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate aria-label="Simulated click">
          <Stack gap="sm">
            <OfferSelect
              type="direct_link"
              value={values.offer}
              error={errors.offer_id}
              onChange={(offer) => set({ offer, landing: null })}
            />
            <AffiliateSelect
              name="affiliate_uuid"
              required
              placeholder="Search by name, email or ID"
              value={values.affiliate}
              error={errors.affiliate_uuid}
              onChange={(affiliate) => set({ affiliate })}
            />
            <LandingSelect
              offerUuid={values.offer?.uuid ?? null}
              value={values.landing}
              error={errors.landing_id}
              onChange={(landing) => set({ landing })}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label="Country"
                name="country"
                placeholder="Unknown"
                searchable
                clearable
                data={GEO_OPTIONS}
                value={values.country}
                error={errors.country}
                onChange={(country) => set({ country })}
              />
              <Select
                label="Device"
                name="device"
                placeholder="Desktop (default)"
                clearable
                data={DEVICE_OPTIONS}
                value={values.device}
                error={errors.device}
                onChange={(device) => set({ device })}
              />
              <Select
                label="OS"
                name="os"
                placeholder="Other OS (default)"
                clearable
                data={OS_OPTIONS}
                value={values.os}
                error={errors.os}
                onChange={(os) => set({ os })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
              {SUBS.map((k) => (
                <TextInput
                  key={k}
                  label={k}
                  name={k}
                  value={values.subs[k]}
                  error={errors[k]}
                  onChange={(e) => set({ subs: { ...values.subs, [k]: e.currentTarget.value } })}
                />
              ))}
            </SimpleGrid>
            <Checkbox
              label="Also fire a test conversion"
              name="test_conversion"
              checked={values.testConversion}
              description="An approved conversion on the offer's first goal, marked as test: left out of money and reports, no postback is sent."
              onChange={(e) => set({ testConversion: e.currentTarget.checked })}
            />
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} />}
              loading={simulate.isPending}
              w="fit-content"
            >
              Run test
            </Button>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col
        span={{ base: 12, lg: 6 }}
        ref={result}
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 56px) + 8px)' }}
      >
        {simulate.data ? (
          <DecisionResult decision={simulate.data} />
        ) : (
          <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-default-hover)">
            <Text size="sm" c="dimmed">
              Choose an offer and an affiliate, then run the test to see where the click would go and why.
            </Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
