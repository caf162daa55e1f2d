import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('starts from documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.pgliteDir).toBe('./data/pglite');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.demoMode).toBe(true);
    expect(config.CONTACT_PHONES).toHaveLength(2);
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', CONTACT_EMAIL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).issues.map((i) => i.key).sort();
      expect(keys).toEqual(['CONTACT_EMAIL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT']);
      expect((error as ConfigError).message).toContain('PORT');
    }
  });

  it('requires PUBLIC_URL and AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL[\s\S]*AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://care.example.org', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    const secret = 'a-long-random-secret-of-at-least-32-characters';
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://care.example.org', AUTH_SECRET: secret }).demoMode).toBe(false);
  });

  it('requires the S3 settings when the storage driver is s3, and keeps files under DATA_DIR by default', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_ENDPOINT[\s\S]*S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({ DATA_DIR: '/var/lib/tendwell/' }).storageDir).toBe('/var/lib/tendwell/files');
    expect(loadConfig({ STORAGE_DIR: '/srv/files' }).storageDir).toBe('/srv/files');
  });

  it('has the realtime defaults and refuses out-of-range realtime settings', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      REALTIME_MAX_PAYLOAD_BYTES: 65536,
      REALTIME_FRAMES_PER_SECOND: 50,
      REALTIME_HEARTBEAT_SECONDS: 25,
      REALTIME_SESSION_CHECK_SECONDS: 60,
      REALTIME_MAX_SOCKETS_PER_USER: 20,
    });
    expect(config.DATABASE_LISTEN_URL).toBeUndefined();
    try {
      loadConfig({ REALTIME_MAX_PAYLOAD_BYTES: '100', REALTIME_FRAMES_PER_SECOND: '0', REALTIME_HEARTBEAT_SECONDS: 'soon', DATABASE_LISTEN_URL: 'redis://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues.map((i) => i.key).sort()).toEqual([
        'DATABASE_LISTEN_URL',
        'REALTIME_FRAMES_PER_SECOND',
        'REALTIME_HEARTBEAT_SECONDS',
        'REALTIME_MAX_PAYLOAD_BYTES',
      ]);
    }
  });

  it('treats empty values as unset and parses JSON settings', () => {
    const config = loadConfig({
      PORT: '',
      OFFICES_JSON: '[{"countryCode":"NG","city":"Abuja","addressLines":["1 Example Way"]}]',
    });
    expect(config.PORT).toBe(3000);
    expect(config.OFFICES_JSON?.[0]?.city).toBe('Abuja');
    expect(() => loadConfig({ OFFICES_JSON: '{broken' })).toThrow(/OFFICES_JSON/);
  });
});
