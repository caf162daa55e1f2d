import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceConfig, turnCredentials } from './ice-servers.js';

describe('ICE servers for video visits', () => {
  const now = new Date('2026-11-26T05:00:00Z');

  it('is empty without configuration: host candidates only', () => {
    expect(iceConfig({ ttlSeconds: 3600 }, 'u1', now)).toEqual({ iceServers: [], ttlSeconds: 3600 });
  });

  it('gives STUN as configured, and TURN with credentials that expire after the TTL', () => {
    const config = iceConfig({ stunUrls: ['stun:stun.example.org:3478'], turnUrls: ['turn:turn.example.org:3478?transport=udp'], turnSecret: 's3cret-s3cret-s3cret', ttlSeconds: 600 }, 'user-1', now);
    expect(config.iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const turn = config.iceServers[1]!;
    const expiry = Math.floor(now.getTime() / 1000) + 600;
    expect(turn.username).toBe(`${expiry}:user-1`);
    // coturn's use-auth-secret check: base64(HMAC-SHA1(secret, username)).
    expect(turn.credential).toBe(createHmac('sha1', 's3cret-s3cret-s3cret').update(`${expiry}:user-1`).digest('base64'));
  });

  it('makes different credentials for different people and times', () => {
    const a = turnCredentials('secret-secret-secret', 'a', now);
    expect(turnCredentials('secret-secret-secret', 'b', now).credential).not.toBe(a.credential);
    expect(turnCredentials('secret-secret-secret', 'a', new Date(now.getTime() + 1000)).username).not.toBe(a.username);
  });

  it('leaves TURN out without a secret', () => {
    expect(iceConfig({ turnUrls: ['turn:x:3478'], ttlSeconds: 60 }, 'u', now).iceServers).toEqual([]);
  });
});
