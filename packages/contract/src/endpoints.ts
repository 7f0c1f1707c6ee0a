import type { Endpoint } from './access/endpoint.ts';
import * as auth from './auth/auth.endpoints.ts';
import * as log from './log/log.endpoints.ts';
import * as settings from './settings/settings.endpoints.ts';
import * as constants from './constants/constants.endpoints.ts';

/** Every endpoint of the API; the server refuses to register a route missing from here. */
export const allEndpoints: readonly Endpoint[] = [
  ...Object.values(auth),
  ...Object.values(log),
  ...Object.values(settings),
  ...Object.values(constants),
] as Endpoint[];
