/** How OpenAPI 3.0 says "or null" without a type of its own (the form zod gives `z.null()` for this target). */
const NULL_BRANCH = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`; zod writes a nullable union as `{nullable, anyOf}`. Such a
 * schema becomes its alternatives plus a null branch; a `nullable` on a schema of any type is dropped (it is moot).
 */
export const fixNullable = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(fixNullable);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fixNullable(v)])) as Record<string, unknown>;
  if (out.nullable !== true || 'type' in out) return out;
  const { nullable: _, ...rest } = out;
  if (Array.isArray(rest.anyOf)) return { ...rest, anyOf: [...rest.anyOf, NULL_BRANCH] };
  if (Array.isArray(rest.oneOf)) return { ...rest, oneOf: [...rest.oneOf, NULL_BRANCH] };
  if ('allOf' in rest || '$ref' in rest) return { anyOf: [rest, NULL_BRANCH] };
  return rest;
};
