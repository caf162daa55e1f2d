import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryPage, ProviderSummary } from '../../../shared/contracts/providers.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { DEMO_ALLIED_HEALTH_PROVIDERS } from './demo-directory.js';
import { seedDemoDataOnce } from './demo-seed.js';
import { searchDirectory } from '../../testing/booking-fixtures.js';

/** The demo's allied-health providers, as a visitor finds them in the directory (by specialty, filters and free text). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // On PostgreSQL the API tier shares one database another file may have seeded already.
  expect(['seeded', 'already-seeded']).toContain(await seedDemoDataOnce(t.database.db));
});
afterAll(async () => {
  await t?.close();
});

const search = (params: Record<string, string>): Promise<DirectoryPage> => searchDirectory(t, params);
/** Every page of a search (at most 10). */
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

describe('the demo’s allied-health providers in the directory', () => {
  it('are listed by specialty, with NDIS, video and distance', async () => {
    const physios = await searchAll({ specialty: 'physiotherapy' });
    expect(physios.every((p) => p.specialty === 'physiotherapy')).toBe(true);
    expect(names(physios)).toEqual(expect.arrayContaining(demo('physiotherapy')));
    const ndisSpeech = await searchAll({ specialty: 'speech-pathology', ndis: 'true', mode: 'telehealth' });
    expect(names(ndisSpeech)).toEqual(expect.arrayContaining(demo('speech-pathology', (p) => p.ndis && p.mode !== 'in_person')));
    expect(ndisSpeech.every((p) => p.ndisRegistered && p.offersTelehealth && p.specialty === 'speech-pathology')).toBe(true);
    // Near Sydney: Jess Nguyen practises in Parramatta; Olivia Grant in Melbourne.
    const nearSydney = await searchAll({ specialty: 'occupational-therapy', near: 'Sydney', radiusKm: '50' });
    expect(names(nearSydney)).toContain('Jess Nguyen');
    expect(names(nearSydney)).not.toContain('Olivia Grant');
  });

  it('are found by the words people type, every one of the specialty asked for', async () => {
    const cases: [string, string][] = [
      ['physio', 'physiotherapy'],
      ['kinésithérapie', 'physiotherapy'],
      ['speech therapy', 'speech-pathology'],
      ['psychologist', 'psychology'],
      ['occupational therapy', 'occupational-therapy'],
      ['dietitian', 'dietetics'],
      ['psychiatrist', 'psychiatry'],
      ['podiatrist', 'podiatry'],
      ['exercise physiologist', 'exercise-physiology'],
      ['audiologist', 'audiology'],
    ];
    for (const [query, specialty] of cases) {
      const found = await searchAll({ query });
      expect(names(found), query).toEqual(expect.arrayContaining(demo(specialty)));
    }
    expect(names(await searchAll({ query: 'speech therapy' }))).not.toContain('Ben Walsh');
  });

  it('have a profile with assessment and session services', async () => {
    const [sarah] = (await search({ query: 'Sarah Mitchell', specialty: 'physiotherapy' })).providers;
    expect(sarah).toMatchObject({ displayName: 'Sarah Mitchell', specialty: 'physiotherapy', regionCode: 'AU', ndisRegistered: true, offersTelehealth: true, offersInPerson: true, city: 'Sydney' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${sarah!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ services: { name: string; mode: string; durationMinutes: number }[]; conditions: string[] }>();
    expect(detail.services.map((s) => s.name)).toEqual(expect.arrayContaining(['Initial assessment', 'Physiotherapy session', 'Physiotherapy session by video']));
    expect(detail.conditions.length).toBeGreaterThan(0);
  });
});
