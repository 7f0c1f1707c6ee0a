import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { z } from 'zod';
import { all as constantsEndpoint } from '@pxl/contract/constants/constants.endpoints';
import { constantsSchema, type Constants } from '@pxl/contract/constants/constants.schema';
import { CONSTANTS_CACHE_MS } from '@pxl/contract/http/messages';
import { apiRequest } from '@/lib/http/api-client.ts';

const CACHE_KEY = 'pxl:constants';
const cachedSchema = z.object({ savedAt: z.number(), data: constantsSchema });

/** Cached in the browser's local database (IndexedDB) for 24 h (docs/product/api-and-errors.md). */
async function readCache(now: number): Promise<Constants | null> {
  try {
    const cached = cachedSchema.safeParse(await get(CACHE_KEY));
    return cached.success && now - cached.data.savedAt < CONSTANTS_CACHE_MS ? cached.data.data : null;
  } catch {
    return null;
  }
}

export async function getConstants(): Promise<Constants> {
  const now = Date.now();
  const cached = await readCache(now);
  if (cached) return cached;
  // A failure of this start-up call is only logged to the console, never notified (docs/product/api-and-errors.md).
  const data = await apiRequest(constantsEndpoint, { silent: true }).catch((error: unknown) => {
    console.error('Reference constants could not be loaded', error);
    throw error;
  });
  await set(CACHE_KEY, { savedAt: now, data }).catch(() => undefined);
  return data;
}

/**
 * Fetch anew and replace both the 24 h IndexedDB copy and the query's, after a settings change that feeds the
 * constants (tracking domains), so this browser's link builders offer the change at once.
 */
export async function refreshConstants(client: QueryClient): Promise<void> {
  const data = await apiRequest(constantsEndpoint, { silent: true });
  await set(CACHE_KEY, { savedAt: Date.now(), data }).catch(() => undefined);
  client.setQueryData(constantsQueryOptions().queryKey, data);
}

export const constantsQueryOptions = () =>
  queryOptions({ queryKey: ['constants'], queryFn: getConstants, staleTime: CONSTANTS_CACHE_MS, gcTime: Infinity });

export const useConstants = () => useQuery(constantsQueryOptions());
