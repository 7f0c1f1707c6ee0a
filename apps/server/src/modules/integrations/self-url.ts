import type { Server } from 'node:http';
import type { Config } from '../../config/config.ts';

/**
 * How this server reaches itself ({panel_url}: the sandbox buyer lives here). The listening address once listening
 * (a wildcard address is reached on loopback), else PUBLIC_URL, else loopback on the configured port.
 */
export const selfUrlOf = (server: Server, config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string => {
  const address = server.address();
  if (address && typeof address === 'object') {
    const wildcard = address.address === '0.0.0.0' || address.address === '::';
    const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }
  return config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://127.0.0.1:${config.PORT}`;
};
