import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryPage, ProviderSummary } from '../../../shared/contracts/providers.js';
import { DEMO_ALLIED_HEALTH_PROVIDERS } from '../../platform/system/demo-directory.js';
import { seedDemoDataOnce } from '../../platform/system/demo-seed.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createPractice } from '../../testing/booking-fixtures.js';

/**
 * The allied-health specialties (shared/specialties.ts) are first-class in the directory: its
 * specialty filter, free text in six languages and the demo data's allied-health providers.
 */
let t: TestApp;
/** Random letters g to v: a word no other test or demo provider holds (see providers.api.test.ts). */
const token = `zq${[...randomUUID().replace(/-/g, '').slice(0, 8)].map((h) => String.fromCharCode(103 + parseInt(h, 16))).join('')}`;

beforeAll(async () => {
  t = await startTestApp();
  expect(['seeded', 'already-seeded']).toContain(await seedDemoDataOnce(t.database.db));
  await createPractice(t, { name: `Pat Physio ${token}`, specialty: 'physiotherapy', conditions: ['back pain', token], ndis: true, telehealth: true });
  await createPractice(t, { name: `Sam Speech ${token}`, specialty: 'speech-pathology', conditions: ['stuttering', token] });
  await createPractice(t, { name: `Olly Occupational ${token}`, specialty: 'occupational-therapy', conditions: [token] });
  await createPractice(t, { name: `Dr Carla Heart ${token}`, specialty: 'cardiology', conditions: [token] });
  await t.app.availabilityRefresh.runOnce();
});
afterAll(async () => {
  await t?.close();
});

async function search(params: Record<string, string>): Promise<DirectoryPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers?${new URLSearchParams(params).toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectoryPage>();
}
/** Every page of a search (the demo's few per specialty fit in a handful). */
async function searchAll(params: Record<string, string>): Promise<ProviderSummary[]> {
  const first = await search(params);
  const out = [...first.providers];
  for (let page = 2; page <= Math.min(Math.ceil(first.total / first.pageSize), 10); page++) out.push(...(await search({ ...params, page: String(page) })).providers);
  return out;
}
const names = (providers: readonly { displayName: string }[]) => providers.map((p) => p.displayName).sort();
const demo = (specialty: string, where: (p: (typeof DEMO_ALLIED_HEALTH_PROVIDERS)[number]) => boolean = () => true) =>
  DEMO_ALLIED_HEALTH_PROVIDERS.filter((p) => p.specialty === specialty && where(p))
    .map((p) => p.name)
    .sort();

describe('the directory and allied health', () => {
  it('filters by an allied-health specialty, alone and with the other filters', async () => {
    expect(names((await search({ query: token, specialty: 'physiotherapy' })).providers)).toEqual([`Pat Physio ${token}`]);
    expect(names((await search({ query: token, specialty: 'speech-pathology' })).providers)).toEqual([`Sam Speech ${token}`]);
    // The demo's physiotherapists, every one, and only physiotherapists.
    const physios = await searchAll({ specialty: 'physiotherapy' });
    expect(physios.every((p) => p.specialty === 'physiotherapy')).toBe(true);
    expect(names(physios)).toEqual(expect.arrayContaining(demo('physiotherapy')));
    // NDIS-registered speech pathologists, by video.
    const ndisSpeech = await searchAll({ specialty: 'speech-pathology', ndis: 'true', mode: 'telehealth' });
    expect(names(ndisSpeech)).toEqual(expect.arrayContaining(demo('speech-pathology', (p) => p.ndis && p.mode !== 'in_person')));
    expect(ndisSpeech.every((p) => p.ndisRegistered && p.offersTelehealth && p.specialty === 'speech-pathology')).toBe(true);
    // An occupational therapist in person near Sydney (Jess Nguyen practises in Parramatta).
    const nearSydney = await searchAll({ specialty: 'occupational-therapy', near: 'Sydney', radiusKm: '50' });
    expect(names(nearSydney)).toContain('Jess Nguyen');
    expect(names(nearSydney)).not.toContain('Olivia Grant');
  });

  it('finds them by free text: "physio", "speech therapy", "psychologist" and their words in other languages', async () => {
    // The test's own: every word must match, and the cardiologist holds neither.
    expect(names((await search({ query: `physio ${token}` })).providers)).toEqual([`Pat Physio ${token}`]);
    expect(names((await search({ query: `speech therapy ${token}` })).providers)).toEqual([`Sam Speech ${token}`]);
    expect(names((await search({ query: `occupational therapist ${token}` })).providers)).toEqual([`Olly Occupational ${token}`]);
    expect(names((await search({ query: `fisioterapia ${token}` })).providers)).toEqual([`Pat Physio ${token}`]);
    expect(names((await search({ query: `物理治疗 ${token}` })).providers)).toEqual([`Pat Physio ${token}`]);
    // The demo's, every one of the specialty asked for.
    const cases: [string, string][] = [
      ['physio', 'physiotherapy'],
      ['physiotherapist', 'physiotherapy'],
      ['kinésithérapie', 'physiotherapy'],
      ['العلاج الطبيعي', 'physiotherapy'],
      ['speech therapy', 'speech-pathology'],
      ['orthophoniste', 'speech-pathology'],
      ['psychologist', 'psychology'],
      ['occupational therapy', 'occupational-therapy'],
      ['dietitian', 'dietetics'],
      ['psychiatrist', 'psychiatry'],
      ['podiatrist', 'podiatry'],
    ];
    for (const [query, specialty] of cases) {
      const found = await searchAll({ query });
      expect(names(found), query).toEqual(expect.arrayContaining(demo(specialty)));
      // Each says the words were found in its specialty.
      const one = found.find((p) => p.displayName === demo(specialty)[0]);
      const matches = one?.reasons.find((r) => r.kind === 'fit')?.matches ?? [];
      expect(matches.length, query).toBeGreaterThan(0);
      expect(matches.every((m) => m.field === 'specialty' && m.value === specialty), `${query}: ${JSON.stringify(matches)}`).toBe(true);
    }
    // "speech therapy" is no podiatrist's, nor anyone's but speech pathologists' among the demo's allied health.
    const speech = await searchAll({ query: 'speech therapy' });
    expect(speech.filter((p) => p.displayName === 'Ben Walsh')).toEqual([]);
  });

  it('shows a demo allied-health profile with its services', async () => {
    const [sarah] = (await search({ query: 'Sarah Mitchell', specialty: 'physiotherapy' })).providers;
    expect(sarah).toMatchObject({ displayName: 'Sarah Mitchell', specialty: 'physiotherapy', regionCode: 'AU', ndisRegistered: true, offersTelehealth: true, offersInPerson: true, city: 'Sydney' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${sarah!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ services: { name: string; mode: string; durationMinutes: number }[]; conditions: string[] }>();
    expect(detail.services.map((s) => s.name)).toEqual(expect.arrayContaining(['Initial assessment', 'Physiotherapy session', 'Physiotherapy session by video']));
    expect(detail.conditions.length).toBeGreaterThan(0);
  });
});
