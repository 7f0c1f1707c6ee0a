import type { RuleScope } from '@pxl/contract/automation/automation.schemas';
import { useAffiliateName } from '@/lib/queries/affiliate-options.ts';
import { useProductOptions } from '@/lib/queries/product-options.ts';
import { useOffer } from '../api/get-offer.ts';

/** What a rule watches in words: "Offer #12 Casino DE × each affiliate", "sub2 = fb on each offer". */
export function ScopeText({ scope }: { scope: RuleScope }) {
  const offer = useOffer(scope.offer_uuid);
  const affiliate = useAffiliateName(scope.affiliate_uuid ?? undefined);
  const products = useProductOptions(scope.type === 'product' && scope.product_uuid !== null);
  const offerName = scope.offer_uuid
    ? offer.data
      ? `offer #${offer.data.id} ${offer.data.title}`
      : 'one offer'
    : 'each offer';
  const affiliateName = scope.affiliate_uuid ? (affiliate.data ?? 'one affiliate') : 'each affiliate';
  const product = products.data?.list.find((p) => p.uuid === scope.product_uuid);
  const text = {
    offer: offerName,
    affiliate: affiliateName,
    offer_affiliate: `${offerName} × ${affiliateName}`,
    product: scope.product_uuid ? (product ? `product ${product.name}` : 'one product') : 'each buyer product',
    sub: `${scope.sub_key ?? 'sub'} = ${scope.sub_value ?? 'each value'} on ${scope.offer_uuid ? offerName : 'any offer'}`,
  }[scope.type];
  return <span>{text.charAt(0).toUpperCase() + text.slice(1)}</span>;
}
