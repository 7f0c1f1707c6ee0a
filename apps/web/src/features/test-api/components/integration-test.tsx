import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { integrationTestSchema } from '@pxl/contract/leads/leads.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useTestIntegration } from '../api/test-integration.ts';
import { IntegrationResult } from './integration-result.tsx';
import { RunButton, TestBench } from './test-bench.tsx';
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
  // The product lives in the address, so a link from the product form (or a reload) opens it chosen.
  const choose = (p: ProductOption | null) => {
    setParams(p ? { product: p.uuid } : {}, { replace: true });
    send.reset();
  };

  return (
    <TestBench
      label="Test lead"
      formSpan={5}
      formPadding={{ base: 'sm', sm: 'lg' }}
      // '' fails the schema with its own "Choose a product".
      onSubmit={() => run(integrationTestSchema, { product_uuid: productUuid ?? '', lead: testLeadInput(person) })}
      form={
        <>
          <ProductSelect value={productUuid} error={errors.product_uuid} onChange={choose} timeZone={timeZone} />
          <TestPersonFields value={person} errors={errors} onChange={setPerson} />
          <RunButton icon={IconSend} loading={send.isPending}>
            Send test lead
          </RunButton>
          <Text size="xs" c="dimmed">
            The lead really goes to the product's endpoint, as routing would send it.
          </Text>
        </>
      }
      data={send.data}
      result={(r) => <IntegrationResult result={r} timeZone={timeZone} />}
      hint="Choose a product and send a test lead to see the exact request (credentials masked), the buyer's answer and what was read from it. A success marks the product tested."
    />
  );
}
