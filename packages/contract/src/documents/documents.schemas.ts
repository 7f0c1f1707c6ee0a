import { z } from 'zod';

/** The three public documents: the path each is shown at, its key in the settings and its title. */
export const PUBLIC_DOCUMENTS = [
  { name: 'user-agreement', key: 'user_agreement', title: 'User Agreement' },
  { name: 'user-privacy-policy', key: 'user_privacy_policy', title: 'Privacy Policy' },
  { name: 'user-terms-and-conditions', key: 'user_terms_and_conditions', title: 'Terms and Conditions' },
] as const;
export type PublicDocumentName = (typeof PUBLIC_DOCUMENTS)[number]['name'];
export type PublicDocumentKey = (typeof PUBLIC_DOCUMENTS)[number]['key'];
export const documentNameSchema = z.enum(PUBLIC_DOCUMENTS.map((d) => d.name) as [PublicDocumentName]);

export const DOCUMENT_TEXT_MAX = 50_000;
const documentTextSchema = z
  .string()
  .max(DOCUMENT_TEXT_MAX, { message: `At most ${DOCUMENT_TEXT_MAX} characters` })
  .refine((s) => s.trim().length > 0, { message: 'Text is required' });

/** The texts in Markdown, as admin and head edit them on the general settings screen. */
export const documentsSchema = z.object({
  user_agreement: documentTextSchema,
  user_privacy_policy: documentTextSchema,
  user_terms_and_conditions: documentTextSchema,
});
export type Documents = z.infer<typeof documentsSchema>;

export const documentParamsSchema = z.object({ name: documentNameSchema });

/** What a visitor reads: safe HTML made on the server, and the day its text last changed. */
export const publicDocumentSchema = z.object({
  name: documentNameSchema,
  title: z.string(),
  html: z.string(),
  updated_at: z.string(),
});
export type PublicDocument = z.infer<typeof publicDocumentSchema>;
