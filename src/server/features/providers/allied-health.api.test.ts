import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryPage } from '../../../shared/contracts/providers.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createPractice, searchDirectory } from '../../testing/booking-fixtures.js';

/**
 * The allied-health specialties (shared/specialties.ts) are first-class in the directory: its
 * specialty filter and free text in six languages. (The demo's allied-health providers:
 * platform/system/demo-allied-health.api.test.ts.)
 */
let t: TestApp;
/** Random letters g to v: a word no other test or demo provider holds (see providers.api.test.ts). */
const token = `zq${[...randomUUID().replace(/-/g, '').slice(0, 8)].map((h) => String.fromCharCode(103 + parseInt(h, 16))).join('')}`;

beforeAll(async () => {
  t = await startTestApp();
  await createPractice(t, { name: `Pat Quill ${token}`, specialty: 'physiotherapy', conditions: ['back pain', token], ndis: true, telehealth: true });
  await createPractice(t, { name: `Sam Rowan ${token}`, specialty: 'speech-pathology', conditions: ['stuttering', token] });
  await createPractice(t, { name: `Olly Birch ${token}`, specialty: 'occupational-therapy', conditions: [token] });
  await createPractice(t, { name: `Petra Vale ${token}`, specialty: 'psychology', conditions: ['anxiety', token], telehealth: true });
  await createPractice(t, { name: `Dr Carla Moss ${token}`, specialty: 'cardiology', conditions: [token] });
  await t.app.availabilityRefresh.runOnce();
});
afterAll(async () => {
  await t?.close();
});

const search = (params: Record<string, string>): Promise<DirectoryPage> => searchDirectory(t, params);
const names = (page: DirectoryPage) => page.providers.map((p) => p.displayName).sort();

describe('the directory and allied health', () => {
  it('filters by an allied-health specialty, alone and with the other filters', async () => {
    expect(names(await search({ query: token, specialty: 'physiotherapy' }))).toEqual([`Pat Quill ${token}`]);
    expect(names(await search({ query: token, specialty: 'speech-pathology' }))).toEqual([`Sam Rowan ${token}`]);
    expect(names(await search({ query: token, specialty: 'physiotherapy', ndis: 'true', mode: 'telehealth' }))).toEqual([`Pat Quill ${token}`]);
    expect(names(await search({ query: token, specialty: 'dietetics' }))).toEqual([]);
    // Without a specialty the directory lists all of them.
    expect(names(await search({ query: token }))).toHaveLength(5);
    // An unknown slug is refused, as before.
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/providers?specialty=physio' });
    expect(bad.statusCode).toBe(400);
  });

  it('finds them by free text: "physio", "speech therapy", "psychologist" and their words in six languages, explained by the specialty', async () => {
    const cases: [string, string][] = [
      ['physio', `Pat Quill ${token}`],
      ['physiotherapist', `Pat Quill ${token}`],
      ['physical therapy', `Pat Quill ${token}`],
      ['fisioterapia', `Pat Quill ${token}`],
      ['kinésithérapie', `Pat Quill ${token}`],
      ['العلاج الطبيعي', `Pat Quill ${token}`],
      ['物理治疗', `Pat Quill ${token}`],
      ['speech therapy', `Sam Rowan ${token}`],
      ['speech pathologist', `Sam Rowan ${token}`],
      ['logopeda', `Sam Rowan ${token}`],
      ['orthophoniste', `Sam Rowan ${token}`],
      ['fonoaudiologia', `Sam Rowan ${token}`],
      ['言语治疗', `Sam Rowan ${token}`],
      ['occupational therapy', `Olly Birch ${token}`],
      ['ergothérapeute', `Olly Birch ${token}`],
      ['psychologist', `Petra Vale ${token}`],
      ['psicóloga', `Petra Vale ${token}`],
      ['心理咨询', `Petra Vale ${token}`],
    ];
    for (const [words, expected] of cases) {
      // Every word must match: the token narrows to this test's providers, and the cardiologist holds none of these.
      const page = await search({ query: `${words} ${token}` });
      expect(names(page), words).toEqual([expected]);
      const fit = page.providers[0]?.reasons.find((r) => r.kind === 'fit');
      expect(fit?.matches?.some((m) => m.field === 'specialty'), `${words}: ${JSON.stringify(fit)}`).toBe(true);
    }
  });
});

describe('a word that is a whole word of the directory', () => {
  it('"physio" puts physiotherapists, who hold it, before exercise physiologists, who hold it only as the start of "physiologist"', async () => {
    // Alone at a place of their own (no other test's provider is within 5 km). The exercise
    // physiologist has free times and the physiotherapist none: before, the start of a word
    // counted 0.9 of a word held as typed and the sooner times put the physiologist first.
    const place = { name: 'Quillby', latitude: -61.5, longitude: 101.25 };
    await createPractice(t, { name: `Ari Fenn ${token}`, specialty: 'physiotherapy', city: place, weekly: [] });
    await createPractice(t, { name: `Bo Marsh ${token}`, specialty: 'exercise-physiology', city: place });
    await t.app.availabilityRefresh.runOnce();
    const page = await search({ query: 'physio', lat: String(place.latitude), lng: String(place.longitude), radiusKm: '5' });
    expect(page.providers.map((p) => p.displayName)).toEqual([`Ari Fenn ${token}`, `Bo Marsh ${token}`]);
    const fit = (i: number) => page.providers[i]?.reasons.find((r) => r.kind === 'fit')?.score;
    expect(fit(0)).toBe(1);
    expect(fit(1)).toBe(0.5);
    expect(page.providers[1]?.nextAvailableAt).not.toBeNull();
    expect(page.providers[0]?.nextAvailableAt).toBeNull();

    // A word no document holds as typed still counts 0.9 as the start of one ("physiolo").
    const partial = await search({ query: 'physiolo', lat: String(place.latitude), lng: String(place.longitude), radiusKm: '5' });
    expect(partial.providers.map((p) => p.displayName)).toEqual([`Bo Marsh ${token}`]);
    expect(partial.providers[0]?.reasons.find((r) => r.kind === 'fit')?.score).toBe(0.9);
  });
});
