import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSlots, isoString, isWallRange, openingsOn, parseWallTime, waitlistDates, withinHours, type AvailabilityRules, type ServiceTiming } from './slots.js';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function rules(overrides: Partial<AvailabilityRules> & Pick<AvailabilityRules, 'timeZone'>): AvailabilityRules {
  return {
    weekly: [],
    breaks: [],
    overrides: [],
    slotIntervalMinutes: 60,
    minimumNoticeMinutes: 0,
    horizonDays: 365,
    ...overrides,
  };
}

const hour: ServiceTiming = { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };
const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());
const LONG_AGO = new Date('2026-01-01T00:00:00Z');

// The server's own time zone must not matter: the whole suite runs under two of them.
describe.each(['Australia/Sydney', 'America/New_York'])('slots, with the server in %s', (serverZone) => {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.TZ;
    process.env.TZ = serverZone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it('runs in the time zone it says', () => {
    const offset = new Date('2026-07-01T00:00:00Z').getTimezoneOffset();
    expect(offset).toBe(serverZone === 'Australia/Sydney' ? -600 : 240);
  });

  it('keeps a Sydney practice at 09:00 local time when the clocks go forward (4 October 2026)', () => {
    const sydney = rules({ timeZone: 'Australia/Sydney', weekly: EVERY_DAY.map((weekday) => ({ weekday, start: '09:00', end: '11:00' })) });
    const slots = availableSlots({ rules: sydney, service: hour, busy: [], from: new Date('2026-10-02T12:00:00Z'), to: new Date('2026-10-04T12:00:00Z'), now: LONG_AGO });
    expect(iso(slots)).toEqual([
      '2026-10-02T23:00:00.000Z', // Saturday 3 October, 09:00 AEST (+10)
      '2026-10-03T00:00:00.000Z',
      '2026-10-03T22:00:00.000Z', // Sunday 4 October, 09:00 AEDT (+11)
      '2026-10-03T23:00:00.000Z',
    ]);
  });

  it('gives a night on which New York clocks go forward three real hours (8 March 2026)', () => {
    const ny = rules({ timeZone: 'America/New_York', overrides: [{ date: '2026-03-08', hours: [{ start: '00:00', end: '04:00' }] }] });
    const slots = availableSlots({ rules: ny, service: hour, busy: [], from: new Date('2026-03-08T00:00:00Z'), to: new Date('2026-03-09T00:00:00Z'), now: LONG_AGO });
    // 00:00 EST, 01:00 EST, 03:00 EDT: 02:00-03:00 does not exist that night.
    expect(iso(slots)).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  it('gives a night on which New York clocks go back five real hours (1 November 2026)', () => {
    const ny = rules({ timeZone: 'America/New_York', overrides: [{ date: '2026-11-01', hours: [{ start: '00:00', end: '04:00' }] }] });
    const slots = availableSlots({ rules: ny, service: hour, busy: [], from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z'), now: LONG_AGO });
    // 00:00 EDT, 01:00 EDT, 01:00 EST (again), 02:00 EST, 03:00 EST.
    expect(iso(slots)).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });

  it('lets a late appointment run past midnight into the next day\'s hours, the night Sydney clocks go forward', () => {
    // Saturday 3 October 2026 20:00-24:00 AEST, then Sunday 00:00-03:00, which is two real hours
    // (02:00 AEST becomes 03:00 AEDT).
    const late = rules({
      timeZone: 'Australia/Sydney',
      weekly: [
        { weekday: 6, start: '20:00', end: '24:00' },
        { weekday: 0, start: '00:00', end: '03:00' },
      ],
    });
    const ninety: ServiceTiming = { durationMinutes: 90, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };
    const slots = availableSlots({ rules: late, service: ninety, busy: [], from: new Date('2026-10-03T00:00:00Z'), to: new Date('2026-10-05T00:00:00Z'), now: LONG_AGO });
    expect(slots.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2026-10-03T10:00:00.000Z', '2026-10-03T11:30:00.000Z'], // Saturday 20:00 AEST
      ['2026-10-03T11:00:00.000Z', '2026-10-03T12:30:00.000Z'],
      ['2026-10-03T12:00:00.000Z', '2026-10-03T13:30:00.000Z'],
      ['2026-10-03T13:00:00.000Z', '2026-10-03T14:30:00.000Z'], // 23:00 to 00:30 on Sunday
      ['2026-10-03T14:00:00.000Z', '2026-10-03T15:30:00.000Z'], // Sunday 00:00; 01:00 would end after 03:00 AEDT (16:00Z)
    ]);
  });

  it('tells whether the hours still cover a booked time: days off, shorter hours, breaks, past midnight and across a clock change', () => {
    const at = (s: string) => new Date(s);
    // Monday to Friday 09:00-17:00 Sydney time, a lunch break on Wednesdays.
    const sydney = rules({
      timeZone: 'Australia/Sydney',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      breaks: [{ weekday: 3, start: '12:00', end: '13:00' }],
    });
    // Monday 5 October 2026, the day after the clocks went forward: 09:00 AEDT is 22:00Z the day before.
    expect(withinHours(sydney, at('2026-10-04T22:00:00Z'), at('2026-10-04T23:00:00Z'))).toBe(true);
    expect(withinHours(sydney, at('2026-10-05T05:00:00Z'), at('2026-10-05T06:00:00Z'))).toBe(true); // 16:00-17:00
    expect(withinHours(sydney, at('2026-10-05T05:30:00Z'), at('2026-10-05T06:30:00Z'))).toBe(false); // runs past 17:00
    expect(withinHours(sydney, at('2026-10-04T21:00:00Z'), at('2026-10-04T22:00:00Z'))).toBe(false); // 08:00, before opening
    // The same time in AEST (the Monday before the change) is 23:00Z.
    expect(withinHours(sydney, at('2026-09-27T23:00:00Z'), at('2026-09-28T00:00:00Z'))).toBe(true);
    expect(withinHours(sydney, at('2026-09-27T22:00:00Z'), at('2026-09-27T23:00:00Z'))).toBe(false);
    // Wednesday 7 October: 11:30-12:30 runs into the break; 13:00-14:00 is after it.
    expect(withinHours(sydney, at('2026-10-07T00:30:00Z'), at('2026-10-07T01:30:00Z'))).toBe(false);
    expect(withinHours(sydney, at('2026-10-07T02:00:00Z'), at('2026-10-07T03:00:00Z'))).toBe(true);
    // A day off on Thursday 8 October, and shorter hours on Friday 9 October.
    const changed = { ...sydney, overrides: [{ date: '2026-10-08', hours: [] }, { date: '2026-10-09', hours: [{ start: '09:00', end: '12:00' }] }] };
    expect(withinHours(sydney, at('2026-10-07T23:00:00Z'), at('2026-10-08T00:00:00Z'))).toBe(true);
    expect(withinHours(changed, at('2026-10-07T23:00:00Z'), at('2026-10-08T00:00:00Z'))).toBe(false);
    expect(withinHours(changed, at('2026-10-08T22:00:00Z'), at('2026-10-08T23:00:00Z'))).toBe(true); // Friday 09:00
    expect(withinHours(changed, at('2026-10-09T02:00:00Z'), at('2026-10-09T03:00:00Z'))).toBe(false); // Friday 13:00
    // Late hours that go on past midnight: Saturday 20:00-24:00 and Sunday 00:00-03:00, the night the clocks go forward.
    const late = rules({ timeZone: 'Australia/Sydney', weekly: [{ weekday: 6, start: '20:00', end: '24:00' }, { weekday: 0, start: '00:00', end: '03:00' }] });
    expect(withinHours(late, at('2026-10-03T13:00:00Z'), at('2026-10-03T14:30:00Z'))).toBe(true); // 23:00 to 00:30
    expect(withinHours(late, at('2026-10-03T15:00:00Z'), at('2026-10-03T16:30:00Z'))).toBe(false); // ends after 03:00 AEDT
    expect(withinHours({ ...late, weekly: [{ weekday: 6, start: '20:00', end: '24:00' }] }, at('2026-10-03T13:00:00Z'), at('2026-10-03T14:30:00Z'))).toBe(false);
  });

  it('moves an opening that starts inside the skipped hour to the end of the gap', () => {
    const ny = rules({ timeZone: 'America/New_York', overrides: [{ date: '2026-03-08', hours: [{ start: '02:30', end: '05:00' }] }] });
    const [open] = openingsOn(ny, 2026, 2, 8);
    expect(new Date(open![0]).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(new Date(open![1]).toISOString()).toBe('2026-03-08T09:00:00.000Z'); // 05:00 EDT
  });

  it('a waitlist takes today and the whole days inside the horizon, in the location\'s calendar, across DST and a year end', () => {
    const at = (iso: string) => new Date(iso);
    // Saturday 21:00 in Sydney, the night the clocks go back (5 April 2026, 03:00 AEDT to 02:00 AEST):
    // the horizon ends on Monday at 20:00 AEST, so Monday is not whole.
    expect(waitlistDates(at('2026-04-04T10:00:00Z'), 'Australia/Sydney', 2, 90)).toEqual(['2026-04-04', '2026-04-05']);
    // 07:00 in New York the day before the clocks go forward: Sunday ends after the horizon (Sunday 07:00).
    expect(waitlistDates(at('2026-03-07T12:00:00Z'), 'America/New_York', 1, 90)).toEqual(['2026-03-07']);
    // Already New Year's Day in Sydney while it is 31 December in UTC.
    expect(waitlistDates(at('2026-12-31T14:30:00Z'), 'Australia/Sydney', 3, 90)).toEqual(['2027-01-01', '2027-01-02', '2027-01-03']);
    // At most maxDays after today, whatever the horizon.
    const year = waitlistDates(at('2026-06-01T00:00:00Z'), 'UTC', 365, 90);
    expect(year).toHaveLength(91);
    expect([year[0], year.at(-1)]).toEqual(['2026-06-01', '2026-08-30']);
    // At midnight with a one-day horizon: today ends exactly where the horizon does; tomorrow is not whole.
    expect(waitlistDates(at('2026-06-01T00:00:00Z'), 'UTC', 1, 90)).toEqual(['2026-06-01']);
  });
});

describe('slot rules', () => {
  const monday = rules({
    timeZone: 'Europe/London',
    weekly: [{ weekday: 1, start: '09:00', end: '13:00' }],
    slotIntervalMinutes: 30,
  });
  const from = new Date('2026-06-01T00:00:00Z'); // Monday 1 June 2026, BST (+1)
  const to = new Date('2026-06-02T00:00:00Z');

  it('steps through the hours by the slot interval and keeps each appointment inside them', () => {
    const slots = availableSlots({ rules: monday, service: hour, busy: [], from, to, now: LONG_AGO });
    expect(slots).toHaveLength(7); // 09:00 … 12:00 local, every 30 minutes
    expect(slots[0]!.start.toISOString()).toBe('2026-06-01T08:00:00.000Z');
    expect(slots.at(-1)!.end.toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });

  it('takes breaks out of the hours', () => {
    const withBreak = { ...monday, breaks: [{ weekday: 1, start: '10:30', end: '11:00' }] };
    const slots = availableSlots({ rules: withBreak, service: hour, busy: [], from, to, now: LONG_AGO });
    // 09:00, 09:30 fit before the break; 11:00, 11:30, 12:00 after it.
    expect(iso(slots)).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-01T08:30:00.000Z', '2026-06-01T10:00:00.000Z', '2026-06-01T10:30:00.000Z', '2026-06-01T11:00:00.000Z']);
  });

  it('keeps the buffers clear of busy times, back to back allowed', () => {
    const busy = [{ start: new Date('2026-06-01T10:00:00Z'), end: new Date('2026-06-01T11:00:00Z') }]; // 11:00-12:00 local
    const plain = availableSlots({ rules: monday, service: hour, busy, from, to, now: LONG_AGO });
    expect(iso(plain)).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-01T08:30:00.000Z', '2026-06-01T09:00:00.000Z', '2026-06-01T11:00:00.000Z']);
    const buffered = availableSlots({ rules: monday, service: { durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 }, busy, from, to, now: LONG_AGO });
    expect(iso(buffered)).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-01T08:30:00.000Z']);
  });

  it('respects the minimum notice and the horizon', () => {
    const now = new Date('2026-06-01T08:10:00Z');
    const noticed = availableSlots({ rules: { ...monday, minimumNoticeMinutes: 60 }, service: hour, busy: [], from, to, now });
    expect(noticed[0]!.start.toISOString()).toBe('2026-06-01T09:30:00.000Z');
    const weeks = availableSlots({ rules: { ...monday, horizonDays: 14 }, service: hour, busy: [], from, to: new Date('2026-08-01T00:00:00Z'), now: from });
    expect(new Set(weeks.map((s) => s.start.toISOString().slice(0, 10)))).toEqual(new Set(['2026-06-01', '2026-06-08']));
  });

  it('lets a date override replace the weekly hours: a day off, or other hours', () => {
    const off = availableSlots({ rules: { ...monday, overrides: [{ date: '2026-06-01', hours: [] }] }, service: hour, busy: [], from, to, now: LONG_AGO });
    expect(off).toEqual([]);
    const extra = availableSlots({
      rules: { ...monday, overrides: [{ date: '2026-06-02', hours: [{ start: '18:00', end: '19:00' }] }] },
      service: hour,
      busy: [],
      from: new Date('2026-06-02T00:00:00Z'),
      to: new Date('2026-06-03T00:00:00Z'),
      now: LONG_AGO,
    });
    expect(iso(extra)).toEqual(['2026-06-02T17:00:00.000Z']);
  });

  it('runs an appointment past midnight only into hours that start at midnight, and never into a busy time', () => {
    const late = (next: Partial<AvailabilityRules>) =>
      rules({ timeZone: 'Europe/London', weekly: [{ weekday: 1, start: '22:00', end: '24:00' }, { weekday: 2, start: '00:00', end: '02:00' }], slotIntervalMinutes: 30, ...next });
    const monday22 = new Date('2026-06-01T21:00:00Z'); // Monday 1 June 22:00 BST
    const tuesday = new Date('2026-06-02T23:00:00Z');
    const starts = (r: AvailabilityRules, busy: { start: Date; end: Date }[] = []) =>
      iso(availableSlots({ rules: r, service: hour, busy, from: monday22, to: tuesday, now: LONG_AGO })).filter((t) => t < '2026-06-01T23:00:00.000Z');
    // Monday's own starts: 22:00, 22:30, 23:00, and 23:30 running to 00:30 on Tuesday.
    expect(starts(late({}))).toEqual(['2026-06-01T21:00:00.000Z', '2026-06-01T21:30:00.000Z', '2026-06-01T22:00:00.000Z', '2026-06-01T22:30:00.000Z']);
    const upTo23 = ['2026-06-01T21:00:00.000Z', '2026-06-01T21:30:00.000Z', '2026-06-01T22:00:00.000Z'];
    // Tuesday from 00:30, a break at midnight, or Tuesday off: Monday's appointments end by 24:00.
    expect(starts(late({ weekly: [{ weekday: 1, start: '22:00', end: '24:00' }, { weekday: 2, start: '00:30', end: '02:00' }] }))).toEqual(upTo23);
    expect(starts(late({ breaks: [{ weekday: 2, start: '00:00', end: '00:15' }] }))).toEqual(upTo23);
    expect(starts(late({ overrides: [{ date: '2026-06-02', hours: [] }] }))).toEqual(upTo23);
    // Someone booked at 00:15 on Tuesday: 23:30 on Monday would run into them.
    expect(starts(late({}), [{ start: new Date('2026-06-01T23:15:00Z'), end: new Date('2026-06-01T23:45:00Z') }])).toEqual(upTo23);
  });

  it('merges overlapping hours and ignores ranges that are not times', () => {
    const messy = rules({
      timeZone: 'UTC',
      weekly: [
        { weekday: 1, start: '09:00', end: '10:00' },
        { weekday: 1, start: '09:30', end: '11:00' },
        { weekday: 1, start: '12:00', end: '11:00' },
        { weekday: 1, start: '25:00', end: '26:00' },
      ],
    });
    expect(openingsOn(messy, 2026, 5, 1).map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()])).toEqual([
      ['2026-06-01T09:00:00.000Z', '2026-06-01T11:00:00.000Z'],
    ]);
    expect(isWallRange({ start: '09:00', end: '24:00' })).toBe(true);
    expect(isWallRange({ start: '24:00', end: '24:00' })).toBe(false);
    expect(() => parseWallTime('9:00')).toThrow(RangeError);
  });

  it('finds 90 days of slots for a busy provider', () => {
    const week = rules({ timeZone: 'Australia/Sydney', weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })), slotIntervalMinutes: 15 });
    const start = new Date('2026-09-01T00:00:00Z');
    const busy = Array.from({ length: 300 }, (_, i) => ({ start: new Date(start.getTime() + i * 7 * 3600_000), end: new Date(start.getTime() + i * 7 * 3600_000 + 3600_000) }));
    const slots = availableSlots({ rules: week, service: { durationMinutes: 30, bufferBeforeMinutes: 5, bufferAfterMinutes: 5 }, busy, from: start, to: new Date(start.getTime() + 90 * 86_400_000), now: start });
    // 64 weekdays × 37 starts (08:00-17:30 every 15 min), less those the 300 busy hours take.
    expect(slots.length).toBeGreaterThan(1000);
    expect(slots.length).toBeLessThan(64 * 37);
    const clashes = slots.filter((slot) => busy.some((b) => slot.start.getTime() - 5 * 60_000 < b.end.getTime() && slot.end.getTime() + 5 * 60_000 > b.start.getTime()));
    expect(clashes).toEqual([]);
  });
});

describe('isoString', () => {
  it('writes what Date#toISOString writes', () => {
    const instants = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2026, 9, 3, 13, 45), Date.UTC(2024, 1, 29, 23, 59, 59, 7), 253_402_300_799_999, -1, -86_400_001, 253_402_300_800_000];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      instants.push(Math.floor((seed / 2 ** 32) * 4_102_444_800_000)); // 1970 to 2100
    }
    for (const ms of instants) expect(isoString(new Date(ms)), String(ms)).toBe(new Date(ms).toISOString());
  });
});
