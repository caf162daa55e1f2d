import { createHmac } from 'node:crypto';
import type { IceConfig } from '../../../shared/contracts/telehealth.js';

export interface IceSettings {
  stunUrls?: readonly string[] | undefined;
  turnUrls?: readonly string[] | undefined;
  turnSecret?: string | undefined;
  ttlSeconds: number;
}

/**
 * TURN credentials in coturn's "TURN REST API" form (`use-auth-secret`): the username is the
 * expiry (Unix seconds) and the person, the password the base64 HMAC-SHA1 of the username under
 * the shared secret. coturn checks both without a database; they stop working at the expiry.
 */
export function turnCredentials(secret: string, userId: string, expiresAt: Date): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The ICE servers a person's browser uses for a video visit; an empty list means host candidates only. */
export function iceConfig(settings: IceSettings, userId: string, now: Date): IceConfig {
  const iceServers: IceConfig['iceServers'] = [];
  if (settings.stunUrls?.length) iceServers.push({ urls: [...settings.stunUrls] });
  if (settings.turnUrls?.length && settings.turnSecret) {
    iceServers.push({ urls: [...settings.turnUrls], ...turnCredentials(settings.turnSecret, userId, new Date(now.getTime() + settings.ttlSeconds * 1000)) });
  }
  return { iceServers, ttlSeconds: settings.ttlSeconds };
}
