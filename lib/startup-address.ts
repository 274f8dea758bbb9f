import type { AddressInfo } from 'node:net';

/**
 * The address a server really listens on, for its "Ready on" line. Without HOST it listens on every
 * interface, and says so, with the URL to open on this machine: `http://0.0.0.0:3000 (all interfaces;
 * open http://localhost:3000)`.
 */
export function listeningAddress(address: AddressInfo | string | null, host: string | undefined): string {
  if (!address || typeof address === 'string') return `http://${host ?? 'localhost'}`;
  const wildcard = !host || address.address === '::' || address.address === '0.0.0.0';
  if (wildcard) return `http://0.0.0.0:${address.port} (all interfaces; open http://localhost:${address.port})`;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${shown}:${address.port}`;
}
