import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { SUB_KEYS, RULE_SCOPES } from '@pxl/contract/automation/automation.schemas';
import type { FormState } from '@/components/forms/use-form-values.ts';
import { AffiliateSelect } from '@/components/pickers/affiliate-picker.tsx';
import { useAffiliateName } from '@/lib/queries/affiliate-options.ts';
import { useProductOptions } from '@/lib/queries/product-options.ts';
import { OfferPicker } from './offer-picker.tsx';
import { SCOPES, toOptionList } from './rule-labels.ts';
import { fieldError, type RuleValues } from './rule-values.ts';

type Props = { form: FormState<RuleValues>; errors: Record<string, string> };

const SCOPE_OPTIONS = toOptionList(SCOPES, RULE_SCOPES);
const SUB_OPTIONS = SUB_KEYS.map((k) => ({ value: k, label: k }));

function ProductPicker({ form, errors }: Props) {
  const products = useProductOptions();
  const data = (products.data?.list ?? []).map((p) => ({ value: p.uuid, label: `${p.name} (${p.advertiser.name})` }));
  return (
    <Select
      label="Buyer product"
      placeholder="Each product"
      searchable
      clearable
      data={data}
      nothingFoundMessage={products.isFetching ? 'Loading…' : 'No products found'}
      comboboxProps={{ withinPortal: true }}
      {...form.option('product_uuid')}
      error={fieldError(errors, 'product_uuid')}
    />
  );
}

function AffiliatePicker({ form, errors }: Props) {
  const uuid = form.values.affiliate_uuid;
  const name = useAffiliateName(uuid ?? undefined);
  return (
    <AffiliateSelect
      name="scope.affiliate_uuid"
      placeholder="Each affiliate"
      value={uuid}
      known={uuid && name.data ? [{ value: uuid, label: name.data }] : []}
      fallback={(id) => id.slice(0, 8)}
      error={fieldError(errors, 'affiliate_uuid')}
      onChange={(v) => form.set({ affiliate_uuid: v })}
    />
  );
}

/** What the rule watches: a type, then the one offer, affiliate, product or sub value, or each when left empty. */
export function ScopeFields({ form, errors }: Props) {
  const type = form.values.scope_type;
  const offer = (
    <OfferPicker
      value={form.values.offer_uuid}
      placeholder={type === 'sub' ? 'Any offer' : 'Each offer'}
      error={fieldError(errors, 'offer_uuid')}
      onChange={(v) => form.set({ offer_uuid: v })}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Watch"
        data={SCOPE_OPTIONS}
        comboboxProps={{ withinPortal: true }}
        {...form.choice('scope_type')}
      />
      {(type === 'offer' || type === 'offer_affiliate' || type === 'sub') && offer}
      {(type === 'affiliate' || type === 'offer_affiliate') && <AffiliatePicker form={form} errors={errors} />}
      {type === 'product' && <ProductPicker form={form} errors={errors} />}
      {type === 'sub' && (
        <>
          <Select label="Sub" data={SUB_OPTIONS} comboboxProps={{ withinPortal: true }} {...form.option('sub_key')} />
          <TextInput label="Sub value" placeholder="Each value" {...form.text('sub_value')} />
        </>
      )}
    </SimpleGrid>
  );
}
