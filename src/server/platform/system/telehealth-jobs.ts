import type { FastifyBaseLogger } from 'fastify';
import { sweepVisits, type SweepResult } from '../../features/telehealth/telehealth.presence.js';
import type { VisitPublisher } from '../../features/telehealth/telehealth.service.js';
import type { Database } from '../db/database.js';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.js';

export type TelehealthPresenceResult = SweepResult;

/**
 * Video visits' presence and ends (features/telehealth/telehealth.presence.ts): people whose
 * presence ran out are gone, visits nobody is in any more end. Every process runs it; one at a
 * time does the work (advisory lock), and all its state is in the database, so a restart loses
 * nothing. A closed socket's grace running out kicks it; the timer catches the rest (a process
 * that died, a window that closed).
 */
export function createTelehealthPresenceJob(deps: {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  publish: VisitPublisher;
  intervalSeconds: number;
  endGraceSeconds: number;
}): PeriodicJob<TelehealthPresenceResult> {
  return createPeriodicJob({
    name: 'telehealth-presence',
    intervalMs: deps.intervalSeconds * 1000,
    log: deps.log,
    run: () => sweepVisits({ db: deps.db, now: deps.now, publish: deps.publish, endGraceMs: deps.endGraceSeconds * 1000 }),
  });
}
