import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';
import type { Actor } from './auth/actor.js';
import type { Database } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** What every service function receives first. */
export interface ServiceContext {
  db: Database;
  log: FastifyBaseLogger;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  now: () => Date;
  requestId: string;
  /** The client's address as the server trusts it (TRUST_PROXY), for the audit trail. */
  clientIp: string;
  /** Where links in emails point: PUBLIC_URL, else the origin of this request. */
  publicOrigin: string;
}

/** A service context with a signed-in actor (routes that declare a permission other than 'public'). */
export interface ActorContext extends ServiceContext {
  actor: Actor;
}
