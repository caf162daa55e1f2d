import { describe, expect, it } from 'vitest';
import { originOfAddress } from './listening-origin.js';

describe('originOfAddress', () => {
  it('sends browsers to localhost when the server listens on every interface', () => {
    expect(originOfAddress({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://localhost:3000');
    expect(originOfAddress({ address: '::', family: 'IPv6', port: 3400 })).toBe('http://localhost:3400');
  });

  it('keeps a particular address, IPv6 in brackets', () => {
    expect(originOfAddress({ address: '127.0.0.1', family: 'IPv4', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(originOfAddress({ address: '::1', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080');
    expect(originOfAddress({ address: '192.168.1.20', family: 'IPv4', port: 3000 })).toBe('http://192.168.1.20:3000');
  });

  it('has none for a pipe or before listening', () => {
    expect(originOfAddress('/tmp/tendwell.sock')).toBeUndefined();
    expect(originOfAddress(null)).toBeUndefined();
  });
});
