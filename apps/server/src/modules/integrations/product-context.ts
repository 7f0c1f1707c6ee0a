import { eq } from 'drizzle-orm';
import type { IntegrationTemplate } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { products } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { templateOf } from '../advertisers/index.ts';
import type { PushSlots, WithPushSlots } from './push-slots.ts';

export type ProductRow = typeof products.$inferSelect;

/** Everything a call to one product needs; `credentials` are decrypted and must never leave the engine unmasked. */
export type ProductContext = {
  product: ProductRow;
  template: IntegrationTemplate;
  credentials: Record<string, string>;
  panelUrl: string;
  /** Private and loopback targets may be called (ALLOW_PRIVATE_POSTBACK_TARGETS). */
  allowPrivate: boolean;
  /** The products' send slots, shared with every process on the database. */
  slots: PushSlots;
};

export const credentialsOf = (
  deps: Pick<AppDeps, 'secrets'>,
  product: Pick<ProductRow, 'credentialsEnc'>,
): Record<string, string> => {
  if (!product.credentialsEnc) return {};
  const parsed = JSON.parse(deps.secrets.decrypt(product.credentialsEnc)) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v ?? '')]));
};

type ContextDeps = Pick<AppDeps, 'secrets' | 'config' | 'selfUrl'> & WithPushSlots;

export const productContextOf = (deps: ContextDeps, product: ProductRow): ProductContext => ({
  product,
  template: templateOf(product),
  credentials: credentialsOf(deps, product),
  panelUrl: deps.selfUrl(),
  allowPrivate: deps.config.ALLOW_PRIVATE_POSTBACK_TARGETS,
  slots: deps.services.pushSlots,
});

/** Any product by id, whatever its status: the callers decide whether it may be used. */
export const loadProductContext = async (
  deps: ContextDeps & Pick<AppDeps, 'db'>,
  productId: string,
): Promise<ProductContext> => {
  const [product] = await deps.db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound('Product');
  return productContextOf(deps, product);
};

/** Whether a private or loopback URL of this product may be called: the sandbox type reaches this very server on purpose. */
export const privateAllowedFor = (ctx: ProductContext, url: string): boolean => {
  if (ctx.allowPrivate) return true;
  if (ctx.product.integrationType !== 'sandbox') return false;
  try {
    return new URL(url).origin === new URL(ctx.panelUrl).origin;
  } catch {
    return false;
  }
};
