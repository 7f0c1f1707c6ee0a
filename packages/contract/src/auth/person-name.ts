import { z } from 'zod';

export const PERSON_NAME_MAX = 100;

/**
 * What a person's name holds (docs/product/roles-and-scoping.md, "Sign-up"): letters of any script and their marks,
 * spaces, apostrophes, hyphens and dots. Names are put into mails, so anything a mail client could turn into a link
 * (a scheme, an address, a domain such as "pay.example") is refused here rather than only defused there.
 */
const NAME_CHARS = /^[\p{L}\p{M}](?:[\p{L}\p{M} '’.-]*[\p{L}\p{M}.])?$/u;
/** Two letters, a dot and two letters: a domain ("evil.com"), never initials ("J.R.R.") or "St. John". */
const DOMAIN_LIKE = /[\p{L}\p{M}]{2}\.[\p{L}\p{M}]{2}/u;

const checkName = (label: string) => (value: string, ctx: z.RefinementCtx) => {
  if (!value) return;
  if (value.length > PERSON_NAME_MAX) {
    ctx.addIssue({ code: 'custom', message: `At most ${PERSON_NAME_MAX} characters` });
  } else if (!NAME_CHARS.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `${label} may hold only letters, spaces, apostrophes, hyphens and dots`,
    });
  } else if (DOMAIN_LIKE.test(value)) {
    ctx.addIssue({ code: 'custom', message: `${label} must not look like a web address` });
  }
};

/** Runs of white space (tabs and line breaks included) become one space; a name is one line. */
const oneLine = (v: string) => v.replace(/\s+/gu, ' ').trim();

/** A required name: `label` starts its messages ("First name is required"). */
export const personNameSchema = (label: string) =>
  z
    .string()
    .transform(oneLine)
    .pipe(z.string().min(1, { message: `${label} is required` }))
    .superRefine(checkName(label));

/** An optional name; '' from a form is stored as absent. */
export const optionalPersonNameSchema = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? oneLine(v) || undefined : undefined))
    .superRefine((v, ctx) => checkName(label)(v ?? '', ctx));
