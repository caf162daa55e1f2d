import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';
import type { Actor } from './auth/actor.js';
import type { Database } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** Background work a request queues in its own transaction (see ServiceContext.wake). */
export type QueuedWork = 'appointment-emails';

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
  /**
   * Tells the job of work this request queued that its transaction has committed, so the work
   * starts now rather than at the job's next tick. Call it only after the commit.
   */
  wake: (work: QueuedWork) => void;
}

/** A service context with a signed-in actor (routes that declare a permission other than 'public'). */
export interface ActorContext extends ServiceContext {
  actor: Actor;
}
