import { eq } from 'drizzle-orm';
import type { SandboxRules } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { products } from '../../db/schema.ts';
import { ReloadCache, type ChangeSource } from '../../lib/reload-cache.ts';
import { sandboxRulesOf } from '../advertisers/index.ts';
import { credentialsOf, type ProductRow } from './product-context.ts';

/** A sandbox product as its buyer API needs it on every call: the row, its api_key credential (decrypted) and rules. */
export type SandboxProduct = { product: ProductRow; apiKey: string; rules: SandboxRules };
export type SandboxProducts = (id: string) => Promise<SandboxProduct | null>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Backstop for a lost notification; products notify on every change that matters (migration 0011). */
const TTL_MS = 10_000;

const loadSandboxProduct = async (deps: AppDeps, id: string): Promise<SandboxProduct | null> => {
  const [product] = await deps.db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product || product.integrationType !== 'sandbox' || product.status === 'deleted') return null;
  return { product, apiKey: credentialsOf(deps, product).api_key ?? '', rules: sandboxRulesOf(product)! };
};

/**
 * The sandbox buyer's products, read once per change rather than on every pushed lead (the buyer lives in this
 * server and shares its CPU with the lead API); dropped with the click cache's change notifications.
 */
export const sandboxProducts = (deps: AppDeps, source: ChangeSource): SandboxProducts => {
  const cache = new ReloadCache((id: string) => loadSandboxProduct(deps, id), TTL_MS);
  source.onChange((table) => {
    if (table === null || table === 'products') cache.clear();
  });
  // Only well-formed ids reach the cache: random probes cannot fill it with misses.
  return (id) => (UUID_RE.test(id) ? cache.get(id) : Promise.resolve(null));
};
