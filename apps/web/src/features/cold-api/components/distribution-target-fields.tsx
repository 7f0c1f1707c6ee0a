import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ColdOptions } from '@pxl/contract/cold-api/cold.schemas';
import type { FormState } from '@/components/forms/use-form-values.ts';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { offerText } from './cold-labels.tsx';
import type { DistributionValues } from './distribution-values.ts';

const select = { searchable: true, comboboxProps: { withinPortal: true }, nothingFoundMessage: 'Nothing found' };

/** What a distribution sends: its title, the list and rule, as which affiliate, to which offer and products. */
export function DistributionTargetFields({
  form: { values, set, text, option, list },
  errors,
  options,
}: {
  form: FormState<DistributionValues>;
  errors: FieldErrors;
  options: ColdOptions | undefined;
}) {
  const offer = options?.offers.find((o) => o.uuid === values.offer_uuid);
  const lists = (options?.lists ?? []).map((l) => ({ value: l.uuid, label: `${l.title} (${l.leads} leads)` }));
  const rules = (options?.rules ?? []).map((r) => ({ value: r.uuid, label: r.name }));
  const affiliates = (options?.affiliates ?? []).map((a) => ({ value: a.uuid, label: `${a.name} (${a.email})` }));
  const offers = (options?.offers ?? []).map((o) => ({ value: o.uuid, label: offerText(o) }));
  const products = (offer?.products ?? []).map((p) => ({ value: p.uuid, label: p.name }));
  return (
    <>
      <TextInput label="Title" required maxLength={200} {...text('title')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select label="Lead list" required data={lists} {...select} {...option('list_uuid')} />
        <Select label="Rule" required data={rules} {...select} {...option('rule_uuid')} />
      </SimpleGrid>
      <Select
        label="Send as affiliate"
        required
        description="The new user sessions count for this affiliate"
        data={affiliates}
        {...select}
        {...option('affiliate_uuid')}
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
        placeholder={values.product_uuids.length ? undefined : 'All products of the offer'}
        disabled={!offer}
        data={products}
        clearable
        {...select}
        {...list('product_uuids')}
      />
    </>
  );
}
