import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';
import type { Database } from './db/database.js';

/** What every service function receives first. Signed-in actors arrive with the identity issue. */
export interface ServiceContext {
  db: Database;
  log: FastifyBaseLogger;
  config: Config;
  now: () => Date;
  requestId: string;
}
