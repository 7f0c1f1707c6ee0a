import { useState } from 'react';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { DEVICES, OSS } from '@pxl/contract/constants/constants.data';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { clickSimulationSchema } from '@pxl/contract/tracking/tracking.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSimulateClick } from '../api/simulate-click.ts';
import { SubInputs } from '@/components/forms/sub-inputs.tsx';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { DecisionResult } from './decision-result.tsx';
import { LandingSelect } from './landing-select.tsx';
import { RunButton, TestBench } from './test-bench.tsx';
import { OfferSelect } from './offer-select.tsx';
import { EMPTY_VALUES, simulationInput, type SimulationValues } from './simulation-values.ts';

const LABELS: Record<string, string> = { ios: 'iOS', 'mac-os': 'macOS', 'other-os': 'Other OS' };
const label = (v: string) => LABELS[v] ?? v.charAt(0).toUpperCase() + v.slice(1);
const DEVICE_OPTIONS = DEVICES.map((value) => ({ value, label: label(value) }));
const OS_OPTIONS = OSS.map((value) => ({ value, label: label(value) }));

/** Settings › Test API › Direct link: the inputs of a click, "Run test", and the decision beside them. */
export function DirectLinkTest() {
  const [values, setValues] = useState<SimulationValues>(EMPTY_VALUES);
  const simulate = useSimulateClick();
  const { errors, submit: send } = useSaveForm(simulate);
  // A decision stays on screen only while it matches the inputs it was made for.
  const set = (patch: Partial<SimulationValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    if (simulate.data) simulate.reset();
  };

  return (
    <TestBench
      label="Simulated click"
      formSpan={6}
      formPadding="lg"
      onSubmit={() => send(clickSimulationSchema, simulationInput(values))}
      form={
        <>
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
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="IP"
              name="ip"
              placeholder="203.0.113.10"
              value={values.ip}
              error={errors.ip}
              onChange={(e) => set({ ip: e.currentTarget.value })}
            />
          </SimpleGrid>
          <TextInput
            label="User agent"
            name="user_agent"
            placeholder="None"
            description="The IP and the user agent are scored for traffic quality"
            value={values.userAgent}
            error={errors.user_agent}
            onChange={(e) => set({ userAgent: e.currentTarget.value })}
          />
          <SubInputs value={values.subs} errors={errors} onChange={(subs) => set({ subs })} />
          <Checkbox
            label="Also fire a test conversion"
            name="test_conversion"
            checked={values.testConversion}
            description="An approved conversion on the offer's first goal, marked as test: left out of money and reports, no postback is sent."
            onChange={(e) => set({ testConversion: e.currentTarget.checked })}
          />
          <RunButton icon={IconPlayerPlay} loading={simulate.isPending}>
            Run test
          </RunButton>
        </>
      }
      data={simulate.data}
      result={(decision) => <DecisionResult decision={decision} />}
      hint="Choose an offer and an affiliate, then run the test to see where the click would go and why."
    />
  );
}
