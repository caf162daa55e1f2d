import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.js';
import { serverBuildPath } from './web-app.js';

describe('page policy', () => {
  it("allows scripts from our origin and the response's own nonce, never inline scripts at large", () => {
    const policy = contentSecurityPolicy('bm9uY2U=');
    const scripts = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(scripts).toBe("script-src 'self' 'nonce-bm9uY2U='");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src-attr 'none'");
  });

  it('gives a different policy for a different nonce', () => {
    expect(contentSecurityPolicy('a')).not.toBe(contentSecurityPolicy('b'));
  });
});

describe('serverBuildPath', () => {
  it('finds the server build beside the browser assets', () => {
    expect(serverBuildPath('/srv/app/build/web/client')).toBe('/srv/app/build/web/server/index.js');
  });
});
