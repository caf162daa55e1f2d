import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { ServiceContext } from '../context.js';
import type { Database } from '../db/database.js';

export type ContextFactory = (request: FastifyRequest) => ServiceContext;

export function contextFactory(db: Database, config: Config, now: () => Date = () => new Date()): ContextFactory {
  return (request) => ({ db, config, now, log: request.log, requestId: request.id });
}
