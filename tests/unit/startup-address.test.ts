import { describe, expect, it } from 'vitest';
import { listeningAddress } from '@/lib/startup-address';

describe("the Ready line names the address the server really listens on", () => {
  it('without HOST, every interface, and the URL to open on this machine', () => {
    expect(listeningAddress({ address: '::', family: 'IPv6', port: 3000 }, undefined)).toBe(
      'http://0.0.0.0:3000 (all interfaces; open http://localhost:3000)',
    );
  });

  it('with HOST, exactly that address', () => {
    expect(listeningAddress({ address: '127.0.0.1', family: 'IPv4', port: 4100 }, '127.0.0.1')).toBe('http://127.0.0.1:4100');
    expect(listeningAddress({ address: '::1', family: 'IPv6', port: 4100 }, '::1')).toBe('http://[::1]:4100');
  });
});
