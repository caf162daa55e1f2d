import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { ActorContext, ServiceContext } from '../context.js';
import type { Database } from '../db/database.js';
import { unauthenticated } from '../errors/domain-errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { Storage } from '../storage/storage.js';

export interface ContextFactory {
  (request: FastifyRequest): ServiceContext;
  /** The context with the signed-in actor; throws 401 when there is none. */
  withActor(request: FastifyRequest): Promise<ActorContext>;
}

export interface ContextDependencies {
  db: Database;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  now?: () => Date;
  /** Starts the job of work a request queued (the app's background jobs). */
  wake: ServiceContext['wake'];
}

export function contextFactory(deps: ContextDependencies): ContextFactory {
  const now = deps.now ?? (() => new Date());
  const base = (request: FastifyRequest): ServiceContext => ({
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    storage: deps.storage,
    now,
    log: request.log,
    requestId: request.id,
    clientIp: request.ip,
    publicOrigin: deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`,
    wake: deps.wake,
  });
  const factory = base as ContextFactory;
  factory.withActor = async (request) => {
    const result = await request.actorResult();
    if (!result.actor) throw unauthenticated();
    return { ...base(request), actor: result.actor };
  };
  return factory;
}
