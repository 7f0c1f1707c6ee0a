import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { offerTestSchema } from '@pxl/contract/leads/leads.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useTestOffer } from '../api/test-offer.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { OfferResult } from './offer-result.tsx';
import { OfferSelect, type PickedOffer } from './offer-select.tsx';
import { TestPersonFields } from './test-person-fields.tsx';
import { defaultPerson, testLeadInput, type PersonValues } from './test-person-values.ts';

/** Settings › Test API › Offer: an API offer, an affiliate, a test person, "Run test lead", and the waterfall it went down. */
export function OfferTest() {
  const [offer, setOffer] = useState<PickedOffer | null>(null);
  const [affiliate, setAffiliate] = useState<string | null>(null);
  const [person, setPerson] = useState<PersonValues>(defaultPerson);
  const run = useTestOffer();
  const { errors, submit: send } = useSaveForm(run);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = result.current;
    if (run.data && box && box.getBoundingClientRect().top > window.innerHeight * 0.6)
      box.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [run.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // 0 and '' fail the schema with its own "Choose an offer" / "Choose an affiliate".
    send(offerTestSchema, { offer_id: offer?.id ?? 0, affiliate_uuid: affiliate ?? '', lead: testLeadInput(person) });
  };

  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'lg' }}
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Test lead"
        >
          <Stack gap="sm">
            <OfferSelect
              type="api"
              value={offer}
              error={errors.offer_id}
              onChange={(o) => {
                setOffer(o);
                run.reset();
              }}
            />
            <AffiliateSelect
              name="affiliate_uuid"
              required
              placeholder="Search by name, email or ID"
              value={affiliate}
              error={errors.affiliate_uuid}
              onChange={(a) => {
                setAffiliate(a);
                run.reset();
              }}
            />
            <TestPersonFields value={person} errors={errors} onChange={setPerson} />
            <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={run.isPending} w="fit-content">
              Run test lead
            </Button>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col
        span={{ base: 12, lg: 7 }}
        ref={result}
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 56px) + 8px)' }}
      >
        {run.data ? (
          <OfferResult result={run.data} />
        ) : (
          <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-default-hover)">
            <Text size="sm" c="dimmed">
              Choose an API offer and an affiliate, then run a test lead to see each product it was offered to, in
              order, and why.
            </Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
