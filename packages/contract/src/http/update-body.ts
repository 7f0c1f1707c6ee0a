import { z } from 'zod';

type LeftOutKeeps<T extends z.ZodRawShape> = {
  [K in keyof T]: T[K] extends z.ZodDefault<infer I> ? z.ZodOptional<I> : T[K];
};

/**
 * The body of a settings section's PUT made from the section's schema: a field with a default may be left out and
 * then keeps its stored value (the server merges it over what is stored); every other field stays required. The
 * default fills only what was never stored: on a body it would reset a stored value whenever a client left the field
 * out (docs/product/settings.md). A refinement must sit inside the default, where unwrapping keeps it.
 */
export const updateBodyOf = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => {
        if (!(field instanceof z.ZodDefault)) return [key, field];
        if (field._zod.def.checks?.length) throw new Error(`${key}: refine before .default(), not after`);
        return [key, z.optional(field.unwrap())];
      }),
    ) as LeftOutKeeps<T>,
  );
