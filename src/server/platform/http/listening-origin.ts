import type { AddressInfo } from 'node:net';

/** Addresses a server listens on that no browser can be sent to: every interface. */
const WILDCARDS = new Set(['0.0.0.0', '::', '::0', '0:0:0:0:0:0:0:0']);

/**
 * Where links point when PUBLIC_URL is not set: the address the server listens on, as a browser on
 * this machine reaches it. A server bound to every interface (HOST=0.0.0.0 or ::, the default of
 * `npm start`) is reached at localhost, not at the wildcard, which is no address to browse to.
 */
export function originOfAddress(address: AddressInfo | string | null): string | undefined {
  if (!address || typeof address !== 'object') return undefined;
  const host = WILDCARDS.has(address.address) ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
