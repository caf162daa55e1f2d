import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from '../../db/schema/schema.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle as Drizzle passes it to `db.transaction`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Database;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Serialises schema migrations across processes sharing one server (no-op on PGlite). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel for this process: PGlite's in-process listener, or one dedicated
   * connection on PostgreSQL (not from the pool) that reconnects with back-off when it drops.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The listener was re-established after a drop: notifications in between were lost. */
  onResume?(): void;
  /** The listener failed (it keeps retrying on PostgreSQL). */
  onError?(error: unknown): void;
}

export interface Listener {
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { citext, pg_trgm, btree_gist };

export function createPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS });
}

/**
 * Starts opening PGlite and returns at once; queries wait until it is ready. PostgreSQL's
 * default 128 MB of shared buffers is most of an embedded process's memory; the files sit in
 * the operating system's page cache anyway, so a smaller buffer pool costs little.
 */
export function startPglite(dataDir: string, sharedBuffersMb = 32): PGlite {
  mkdirSync(dataDir, { recursive: true });
  return new PGlite(dataDir, {
    extensions: PGLITE_EXTENSIONS,
    postgresqlconf: [`shared_buffers = ${sharedBuffersMb}MB`],
  });
}

/**
 * PGlite runs PostgreSQL synchronously on the event loop behind an async API, handing its lock
 * from one statement to the next through promises. Under load a whole queue of statements then
 * runs in one turn of the event loop, and no socket is read or accepted until it has drained: new
 * connections waited seconds while busy ones were served. So each statement (or transaction)
 * starts in its own turn, after the event loop has polled for I/O once.
 */
function takeTurns(client: PGlite): void {
  let turn: Promise<void> = Promise.resolve();
  const nextTurn = (): Promise<void> => {
    turn = turn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    return turn;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: (async (...args: Parameters<PGlite['query']>) => {
      await nextTurn();
      return query(...args);
    }) as PGlite['query'],
    exec: (async (...args: Parameters<PGlite['exec']>) => {
      await nextTurn();
      return exec(...args);
    }) as PGlite['exec'],
    transaction: (async (...args: Parameters<PGlite['transaction']>) => {
      await nextTurn();
      return transaction(...args);
    }) as PGlite['transaction'],
  });
}

export function pgliteHandle(client: PGlite): DatabaseHandle {
  takeTurns(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
    withMigrationLock: (fn) => fn(),
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.onPayload(payload));
      return {
        async close() {
          if (!client.closed) await unlisten();
        },
      };
    },
  };
}

/** Reconnect delays of the PostgreSQL listener: 0.5 s doubling to 30 s. */
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * A dedicated client that LISTENs on one channel and reconnects after any error or end. It
 * needs a direct (or session-pooled) connection: a transaction-pooling proxy cannot hold a LISTEN.
 */
function pgListener(url: string, channel: string, handlers: ListenHandlers): Listener & { firstAttempt: Promise<void> } {
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = LISTEN_RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  // Whether notifications may have been missed (a drop, or a failed first attempt) when it connects.
  let missedSome = false;
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(LISTEN_RETRY_MAX_MS, retryMs * 2);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    client = c;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      if (client === c) client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      missedSome = true;
      if (!closed) {
        handlers.onError?.(error);
        schedule();
      }
    };
    c.on('error', fail);
    c.on('end', () => fail(new Error('LISTEN connection ended')));
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (error) {
      fail(error);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    retryMs = LISTEN_RETRY_FIRST_MS;
    if (missedSome) handlers.onResume?.();
    missedSome = false;
  };
  const first = connect();
  return {
    /** Settles after the first attempt (retries go on in the background). */
    firstAttempt: first,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        c.removeAllListeners('error');
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

const MIGRATION_LOCK_KEY = 727_001;

/** `listenUrl`: where the LISTEN connection goes (a direct one when `url` is a transaction-mode pooler). */
export function postgresHandle(url: string, poolMax: number, listenUrl: string = url): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000 });
  // An idle client's error (server restart, network drop) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async listen(channel, handlers) {
      const listener = pgListener(listenUrl, channel, handlers);
      await listener.firstAttempt;
      return listener;
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  listenUrl?: string | undefined;
  pgliteDir: string;
  poolMax: number;
  pgliteSharedBuffersMb?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return postgresHandle(options.databaseUrl, options.poolMax, options.listenUrl ?? options.databaseUrl);
  return pgliteHandle(startPglite(options.pgliteDir, options.pgliteSharedBuffersMb));
}

/**
 * Runs raw SQL and returns its rows, typed by the caller. Both drivers answer `{ rows }`;
 * Drizzle's shared type cannot say so, hence the one cast here.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
