import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { integrationTestSchema } from '@pxl/contract/leads/leads.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useTestIntegration } from '../api/test-integration.ts';
import { IntegrationResult } from './integration-result.tsx';
import { ProductSelect, type ProductOption } from './product-select.tsx';
import { TestPersonFields } from './test-person-fields.tsx';
import { defaultPerson, testLeadInput, type PersonValues } from './test-person-values.ts';

/** Settings › Test API › Integrations: a product (also from ?product=), a test person, "Send test lead", and what happened. */
export function IntegrationTest({ timeZone }: { timeZone: string }) {
  const [params, setParams] = useSearchParams();
  const productUuid = params.get('product');
  const [person, setPerson] = useState<PersonValues>(defaultPerson);
  const send = useTestIntegration();
  const { errors, submit: run } = useSaveForm(send);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = result.current;
    if (send.data && box && box.getBoundingClientRect().top > window.innerHeight * 0.6)
      box.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [send.data]);

  // The product lives in the address, so a link from the product form (or a reload) opens it chosen.
  const choose = (p: ProductOption | null) => {
    setParams(p ? { product: p.uuid } : {}, { replace: true });
    send.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // '' fails the schema with its own "Choose a product".
    run(integrationTestSchema, { product_uuid: productUuid ?? '', lead: testLeadInput(person) });
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
            <ProductSelect value={productUuid} error={errors.product_uuid} onChange={choose} timeZone={timeZone} />
            <TestPersonFields value={person} errors={errors} onChange={setPerson} />
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} w="fit-content">
              Send test lead
            </Button>
            <Text size="xs" c="dimmed">
              The lead really goes to the product's endpoint, as routing would send it.
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col
        span={{ base: 12, lg: 7 }}
        ref={result}
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 56px) + 8px)' }}
      >
        {send.data ? (
          <IntegrationResult result={send.data} timeZone={timeZone} />
        ) : (
          <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-default-hover)">
            <Text size="sm" c="dimmed">
              Choose a product and send a test lead to see the exact request (credentials masked), the buyer's answer
              and what was read from it. A success marks the product tested.
            </Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}
