import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { offerProductsInputSchema, type OfferDetail } from '@pxl/contract/offers/offers.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useProductOptions } from '@/lib/queries/product-options.ts';
import { useSaveOfferProducts } from '../api/save-offer-products.ts';
import { readableErrors } from './money-values.ts';
import type { Option } from '@pxl/contract/constants/options';
import { ProductRow, type ProductChoice } from './product-row.tsx';
import { emptyProduct, productsBody, productsToValues, type ProductValues } from './products-values.ts';
import { SectionCard } from './section-card.tsx';

/** The advertisers' products an API offer sends its leads to (the waterfall of lead distribution). */
export function ProductsSection({
  offer,
  timeZone,
  timeZones,
}: {
  offer: OfferDetail;
  timeZone: string;
  timeZones: Option[];
}) {
  const [rows, setRows] = useState<ProductValues[]>(() => productsToValues(offer, timeZone));
  const options = useProductOptions();
  const { errors, submit: send, saving } = useSaveForm(useSaveOfferProducts(offer.uuid), readableErrors);
  // Attached products stay choosable even when the options no longer list them.
  const choices = new Map<string, ProductChoice>(
    offer.products.map((p) => [p.product.uuid, { ...p.product, advertiser: p.advertiser }]),
  );
  for (const p of options.data?.list ?? []) choices.set(p.uuid, p);
  const zones = timeZones.length ? timeZones : [{ value: timeZone, label: timeZone }];

  const submit = () =>
    send(offerProductsInputSchema, productsBody(rows), {
      notice: 'Products saved',
      onSaved: (saved) => setRows(productsToValues(saved, timeZone)),
    });

  return (
    <SectionCard
      title="Products"
      testId="section-products"
      onSave={submit}
      saving={saving}
      saveLabel="Save products"
      description="Leads go to products by priority (lower first), then by weight among equals, within their countries, caps and hours."
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No products yet: the offer cannot take leads.
        </Text>
      )}
      {rows.map((row, i) => (
        <ProductRow
          key={i}
          index={i}
          value={row}
          errors={errors}
          choices={choices}
          timeZones={zones}
          currency={offer.currency}
          onChange={(patch) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))}
          onRemove={() => setRows(rows.filter((_, j) => j !== i))}
        />
      ))}
      {errors.products && (
        <Text size="xs" c="red">
          {errors.products}
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => setRows([...rows, emptyProduct(timeZone)])}
      >
        Add product
      </Button>
    </SectionCard>
  );
}
