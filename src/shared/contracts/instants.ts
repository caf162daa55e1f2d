import { z } from 'zod';

/** The earliest and latest instants the API takes: far wider than any booking, and well inside what the database stores and dates format. */
export const EARLIEST_INSTANT = '1900-01-01T00:00:00Z';
export const LATEST_INSTANT = '2200-01-01T00:00:00Z';

/**
 * An instant as ISO 8601 with its offset, between 1900 and 2200. The bounds matter: a day added to
 * 9999-12-31 formats as `+010000-01-01`, which PostgreSQL refuses (a 500 before).
 */
export const InstantSchema = z
  .string()
  .datetime({ offset: true })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= Date.parse(EARLIEST_INSTANT) && time < Date.parse(LATEST_INSTANT);
  }, 'must be between 1900 and 2200');

/** The first and last calendar days the API takes, for the same reason as the instants' bounds. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';

/**
 * A calendar day as YYYY-MM-DD that exists (no 30 February), from 1900 to 2199. Before, a day param
 * was only a pattern: `9999-12-31` passed and its next day failed in PostgreSQL as a 500, and
 * `2023-02-30` reached the database as a date it refuses.
 */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= EARLIEST_DATE && value <= LATEST_DATE;
  }, 'must be a calendar date between 1900 and 2199');
