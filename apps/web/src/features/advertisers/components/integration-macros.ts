import { LEAD_MACROS, PULL_MACROS } from '@pxl/contract/leads/integration.schemas';

const brace = (m: string) => `{${m}}`;
/** The product's credential names as macros; with none set yet, the pattern itself. */
const credentialMacros = (names: string[]) => (names.length ? names : ['NAME']).map((n) => `{credentials.${n}}`);
// {panel_url} and {product_id} exist for the sandbox buyer, which lives on this server.
const SERVER = ['{panel_url}', '{product_id}'];

/** Macros of the push and lookup calls. */
export const leadCallMacros = (credentials: string[]) => [
  ...LEAD_MACROS.map(brace),
  ...SERVER,
  ...credentialMacros(credentials),
];
/** Macros of the status pull (the window start and the page). */
export const pullCallMacros = (credentials: string[]) => [
  ...PULL_MACROS.map(brace),
  ...SERVER,
  ...credentialMacros(credentials),
];
