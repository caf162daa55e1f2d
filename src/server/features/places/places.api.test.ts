import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceList } from '../../../shared/contracts/places.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function suggest(params: Record<string, string>): Promise<PlaceList['places']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/places?${new URLSearchParams(params).toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=86400');
  return res.json<PlaceList>().places;
}

async function directoryPlace(params: Record<string, string>): Promise<{ name: string; latitude: number; longitude: number } | null> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers?${new URLSearchParams(params).toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ place: { name: string; latitude: number; longitude: number } | null }>().place;
}

describe('GET /api/v1/places', () => {
  it('suggests suburbs and towns beyond the big cities, with state, region, coordinates and time zone', async () => {
    const [chatswood] = await suggest({ query: 'chatsw', region: 'AU' });
    expect(chatswood).toMatchObject({ name: 'Chatswood', state: 'NSW', region: 'AU', label: 'Chatswood, NSW, AU', timeZone: 'Australia/Sydney' });
    expect(chatswood!.latitude).toBeCloseTo(-33.8, 1);
    expect(chatswood!.longitude).toBeCloseTo(151.18, 1);
    const perthish = await suggest({ query: 'Fremantle' });
    expect(perthish[0]).toMatchObject({ label: 'Fremantle, WA, AU', timeZone: 'Australia/Perth' });
  });

  it('puts the visitor’s region first for a name several places share, then the larger place', async () => {
    const inAustralia = await suggest({ query: 'Newtown', region: 'AU' });
    expect(inAustralia.slice(0, 3).map((p) => p.label)).toEqual(['Newtown, NSW, AU', 'Newtown, VIC, AU', 'Newtown, QLD, AU']);
    const inBritain = await suggest({ query: 'Newtown', region: 'GB' });
    expect(inBritain[0]!.label).toBe('Newtown, Wales, GB');
    expect(inBritain.length).toBeLessThanOrEqual(8);
  });

  it('knows London’s boroughs and districts, before the villages elsewhere in Britain that share a name', async () => {
    const [greenwich] = await suggest({ query: 'Greenwich', region: 'GB' });
    expect(greenwich).toMatchObject({ label: 'Greenwich, England, GB', timeZone: 'Europe/London' });
    expect(greenwich!.latitude).toBeCloseTo(51.48, 1);
    expect(greenwich!.longitude).toBeCloseTo(0, 1);
    // Clapham is also a village in Bedfordshire, Dalston one in Cumbria: London's come first.
    for (const name of ['Clapham', 'Dalston']) {
      const [first] = await suggest({ query: name, region: 'GB' });
      expect(first!.latitude, name).toBeCloseTo(51.5, 1);
    }
    // Typed with a phone's curly apostrophe, or without one.
    expect((await suggest({ query: 'King’s Cross', region: 'GB' }))[0]!.label).toBe('King\'s Cross, England, GB');
    expect((await suggest({ query: 'Kings Cross', region: 'GB' }))[0]!.label).toBe('King\'s Cross, England, GB');
    expect((await suggest({ query: 'Shoreditch' }))[0]!.label).toBe('Shoreditch, England, GB');
    // Elsewhere, Greenwich is first the visitor's own.
    expect((await suggest({ query: 'Greenwich', region: 'US' }))[0]!.region).toBe('US');
  });

  it('narrows by a state or a country after a comma, in any interface language', async () => {
    expect((await suggest({ query: 'Newtown, QLD', region: 'GB' })).every((p) => p.state === 'QLD')).toBe(true);
    expect((await suggest({ query: 'Newtown, Wales' }))[0]!.label).toBe('Newtown, Wales, GB');
    expect((await suggest({ query: 'Paris, Francia' }))[0]!.region).toBe('FR');
    expect((await suggest({ query: 'Paris, US' })).every((p) => p.region === 'US')).toBe(true);
  });

  it('finds a slip of a name and the other spellings people type, accents aside', async () => {
    expect((await suggest({ query: 'Parramata' }))[0]!.label).toBe('Parramatta, NSW, AU');
    expect((await suggest({ query: 'NYC' }))[0]!.label).toBe('New York City, NY, US');
    expect((await suggest({ query: 'lisboa' }))[0]!.region).toBe('PT');
    expect((await suggest({ query: 'MONTREAL' }))[0]!.label).toBe('Montréal, QC, CA');
    expect(await suggest({ query: 'Qxzvwyk' })).toEqual([]);
  });

  it('treats wildcards as letters and refuses what is not a query', async () => {
    expect(await suggest({ query: '%_%' })).toEqual([]);
    for (const url of ['/api/v1/places', '/api/v1/places?query=', `/api/v1/places?query=${'a'.repeat(101)}`, '/api/v1/places?query=x&region=ZZ', '/api/v1/places?query=x&other=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('the directory’s typed place', () => {
  it('is what the suggestion’s label names, so a shared address finds the same place', async () => {
    const [lismore] = await suggest({ query: 'Lismore', region: 'AU' });
    const place = await directoryPlace({ near: lismore!.label, region: 'GB' });
    expect(place).toMatchObject({ name: lismore!.label, latitude: lismore!.latitude, longitude: lismore!.longitude });
  });

  it('means the visitor’s region’s place when the name alone is typed', async () => {
    expect((await directoryPlace({ near: 'Newtown', region: 'AU' }))?.name).toBe('Newtown, NSW, AU');
    expect((await directoryPlace({ near: 'Newtown', region: 'US' }))?.name).toBe('Newtown, OH, US');
  });
});
