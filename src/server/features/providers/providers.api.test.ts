import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_WEIGHTS, type DirectoryPage, type ProviderDetail } from '../../../shared/contracts/providers.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { providerLocations } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { ALL_DAY, createPractice, dayOff, setProfile, type Practice, searchDirectory } from '../../testing/booking-fixtures.js';
import { multipartBody, TINY_PNG } from '../../testing/multipart.js';

let t: TestApp;
/** A word no other test uses, so the searches here see only this file's providers (the PostgreSQL tier shares one database). */
/**
 * Random letters g to v (a UUID's hex digits moved up the alphabet): words no other test or demo
 * provider holds. Not a UUID's own letters: with only a to f, two random words share enough
 * trigrams now and then to be read as a slip of each other, and a test flakes.
 */
function letters(count: number): string {
  return [...randomUUID().replace(/-/g, '').slice(0, count)].map((h) => String.fromCharCode(103 + parseInt(h, 16))).join('');
}
const token = `zq${letters(8)}`;
let heart: Practice;
let skin: Practice;
let far: Practice;
let hidden: Practice;

beforeAll(async () => {
  t = await startTestApp();
  heart = await createPractice(t, { name: `Dr Marguerite ${token}`, specialty: 'cardiology', languages: ['en', 'fr'], conditions: ['atrial fibrillation', token], telehealth: true });
  skin = await createPractice(t, { name: `Dr Oskar ${token}`, specialty: 'dermatology', languages: ['en'], conditions: ['eczema', token], ndis: true });
  far = await createPractice(t, {
    name: `Dr Faraway ${token}`,
    specialty: 'cardiology',
    languages: ['es'],
    conditions: [token],
    city: { name: 'Perth', latitude: -31.9505, longitude: 115.8605 },
    timeZone: 'Australia/Perth',
  });
  hidden = await createPractice(t, { name: `Dr Pending ${token}`, specialty: 'cardiology', conditions: [token], verification: 'pending' });
  await setProfile(t, skin, { ratingCount: 10, ratingSum: 48 });
  await setProfile(t, far, { acceptingNewPatients: false });
  await t.app.availabilityRefresh.runOnce();
});
afterAll(async () => {
  await t?.close();
});

const search = (params: Record<string, string>): Promise<DirectoryPage> => searchDirectory(t, params);
const names = (page: DirectoryPage) => page.providers.map((p) => p.displayName);

describe('GET /api/v1/providers', () => {
  it('finds verified providers by free text, tolerating typos, and never pending ones', async () => {
    const all = await search({ query: token });
    expect(names(all).sort()).toEqual([`Dr Faraway ${token}`, `Dr Marguerite ${token}`, `Dr Oskar ${token}`]);
    expect(names(all)).not.toContain(`Dr Pending ${token}`);
    // A misspelt name still finds its provider.
    expect(names(await search({ query: `Margerite ${token}` }))[0]).toBe(`Dr Marguerite ${token}`);
    // Specialty words in other languages, and conditions treated.
    const heartWord = await search({ query: `cardiólogo ${token}` });
    expect(names(heartWord).slice(0, 2).sort()).toEqual([`Dr Faraway ${token}`, `Dr Marguerite ${token}`]);
    // Every word must match (see the describe below).
    expect(names(await search({ query: `eczema ${token}`, specialty: 'dermatology' }))[0]).toBe(`Dr Oskar ${token}`);
    // A one-letter slip in a word, alone or beside other words. ('atrail', a swap pg_trgm reads
    // at 0.43 of 'atrial', below TYPO_SIMILARITY, is no word of the directory nor a slip of one:
    // nobody holds both words, so those holding one of them are listed, and the answer says so.)
    expect(names(await search({ query: 'eczma', specialty: 'dermatology', ndis: 'true' }))).toContain(`Dr Oskar ${token}`);
    const swapped = await search({ query: 'fibrilation atrail', language: 'fr' });
    expect(names(swapped)).toContain(`Dr Marguerite ${token}`);
    expect(swapped.matched).toBe('some');
  });

  describe('every word but honorifics, stop words and letters alone must match', () => {
    // Surnames no other test uses (letters only, as a name is).
    const surname = () => `Qx${letters(8)}`;
    const [wei, amara] = [surname(), surname()];
    // Its start differs from wei's, so the prefix search below (wei's first 7 letters) finds one
    // provider only; drawn at random, two surnames once shared their first five (CI, 2026-12-02).
    let other = surname();
    while (other.slice(0, 7) === wei.slice(0, 7)) other = surname();
    const lower = (s: string) => s.toLowerCase();
    let brien: Practice;
    beforeAll(async () => {
      await createPractice(t, { name: `Dr Wei ${wei}`, specialty: 'cardiology', conditions: ['back pain'] });
      await createPractice(t, { name: `Dr Marguerite ${wei}`, specialty: 'dermatology', conditions: ['back pain'], city: { name: 'Perth', latitude: -31.9505, longitude: 115.8605 } });
      await createPractice(t, { name: `Prof Wei ${other}`, specialty: 'cardiology' });
      brien = await createPractice(t, { name: `Dr Niamh O'${amara}`, specialty: 'dermatology' });
    });

    it('reads "Dr <surname>" as the surname (every provider is a Dr)', async () => {
      expect(names(await search({ query: `Dr ${wei}` })).sort()).toEqual([`Dr Marguerite ${wei}`, `Dr Wei ${wei}`]);
      expect(names(await search({ query: `Doctor ${lower(wei)}` })).sort()).toEqual([`Dr Marguerite ${wei}`, `Dr Wei ${wei}`]);
      expect(names(await search({ query: `Dr Wei ${other}` }))).toEqual([`Prof Wei ${other}`]);
    });

    it('narrows as words are added: names, specialty words, conditions and cities', async () => {
      expect(names(await search({ query: `${wei}` })).sort()).toEqual([`Dr Marguerite ${wei}`, `Dr Wei ${wei}`]);
      expect(names(await search({ query: `Wei ${wei}` }))).toEqual([`Dr Wei ${wei}`]);
      expect(names(await search({ query: `cardiologist ${wei}` }))).toEqual([`Dr Wei ${wei}`]);
      const narrowed = await search({ query: `back pain in Perth ${wei}` });
      expect(names(narrowed)).toEqual([`Dr Marguerite ${wei}`]);
      expect(narrowed.matched).toBe('all');
      // Nobody holds both words: the answer is the providers of either, and says so (below).
      expect((await search({ query: `${wei} eczema` })).matched).toBe('some');
      // A prefix still matches (typing the surname's start).
      expect(names(await search({ query: `Dr Wei ${wei.slice(0, 7)}` }))).toEqual([`Dr Wei ${wei}`]);
    });

    it('still matches a slip in one of two words, and explains it as one', async () => {
      const slip = await search({ query: `Margerite ${wei}` });
      expect(names(slip)).toEqual([`Dr Marguerite ${wei}`]);
      expect(slip.providers[0]!.reasons.find((r) => r.kind === 'fit')?.matches).toEqual([
        { word: 'margerite', field: 'name', value: `Dr Marguerite ${wei}`, typo: true },
        { word: lower(wei), field: 'name', value: `Dr Marguerite ${wei}`, typo: false },
      ]);
      expect(names(await search({ query: `cardiolgist ${wei}` }))).toEqual([`Dr Wei ${wei}`]);
    });

    it('finds an O’Brien-style name with or without the apostrophe, the letter before it saying nothing alone', async () => {
      // "o" begins a word of most documents; as one word it is a slip of the name.
      for (const query of [`O'${amara}`, `Dr O’${lower(amara)}`, `o ${amara}`, `O${amara}`]) {
        expect(names(await search({ query })), query).toEqual([`Dr Niamh O'${amara}`]);
      }
      expect((await search({ query: `O'${amara}` })).providers[0]!.id).toBe(brien.profileId);
    });

    it('reads a query of honorifics and letters only as before, any word matching', async () => {
      // "Dr" lists the providers named so (this file's verified Drs, six at least), not none.
      expect((await search({ query: 'Dr' })).total).toBeGreaterThanOrEqual(6);
      expect((await search({ query: 'Dr. O.' })).total).toBeGreaterThanOrEqual(6);
    });
  });

  describe('when no provider holds every word of two or more, any word matches, and the answer says so', () => {
    // Words no other test uses, nor close to one: a word nobody holds must not be read as a slip of one.
    const word = () => `qx${letters(10)}`;
    const [a, b, c, tag] = [word(), word(), word(), word()];
    const perth = { name: 'Perth', latitude: -31.9505, longitude: 115.8605 };
    const [both, onlyA, onlyB, onlyC] = [`Dr Both ${tag}`, `Dr Aonly ${tag}`, `Dr Bonly ${tag}`, `Dr Conly ${tag}`];
    const fitOf = (page: DirectoryPage, name: string) => page.providers.find((p) => p.displayName === name)?.reasons.find((r) => r.kind === 'fit');
    beforeAll(async () => {
      // The one holding two words is in Perth, speaks English only and has no rating; the one
      // holding one of them is in Sydney, speaks French too and is rated 5 by 10 people.
      await createPractice(t, { name: both, specialty: 'cardiology', conditions: [a, b], city: perth, timeZone: 'Australia/Perth', telehealth: true });
      const aOnly = await createPractice(t, { name: onlyA, specialty: 'cardiology', languages: ['en', 'fr'], conditions: [a], telehealth: true });
      await setProfile(t, aOnly, { ratingCount: 10, ratingSum: 50 });
      await createPractice(t, { name: onlyB, specialty: 'cardiology', conditions: [b] });
      await createPractice(t, { name: onlyC, specialty: 'dermatology', conditions: [c], telehealth: true });
      await t.app.availabilityRefresh.runOnce();
    });

    it('lists the providers of either word of a two-word query, with the words each holds', async () => {
      const either = await search({ query: `${a} ${c}` });
      expect(either.matched).toBe('some');
      expect(either.total).toBe(3);
      expect(names(either).sort()).toEqual([onlyA, both, onlyC].sort());
      // The "why" names only the word a provider holds, not a near miss of the other.
      expect(fitOf(either, onlyC)?.matches).toEqual([{ word: c, field: 'condition', value: c, typo: false }]);
      expect(fitOf(either, both)?.matches).toEqual([{ word: a, field: 'condition', value: a, typo: false }]);
      // Honorifics and stop words are not words to hold: still two.
      expect(names(await search({ query: `Dr ${a} and the ${c}` })).sort()).toEqual([onlyA, both, onlyC].sort());
    });

    it('lists those holding more of the words first under best match, even above a better score', async () => {
      // A video search near Sydney: the one holding a word in Sydney, rated and speaking French, scores higher.
      const page = await search({ query: `${a} ${b} ${c}`, mode: 'telehealth', near: 'Sydney', lang: 'fr', sort: 'best' });
      expect(page.matched).toBe('some');
      expect(names(page)).toEqual([both, onlyA, onlyC]);
      expect(page.providers[1]!.score).toBeGreaterThan(page.providers[0]!.score);
      expect(fitOf(page, both)?.matches?.map((m) => m.word)).toEqual([a, b]);
      // Another order asked for is kept.
      expect(names(await search({ query: `${a} ${b} ${c}`, mode: 'telehealth', near: 'Sydney', sort: 'distance' }))[0]).not.toBe(both);
    });

    it('keeps every filter, and the count and pages are the relaxed search’s', async () => {
      const skinOnly = await search({ query: `${a} ${c}`, specialty: 'dermatology' });
      expect([skinOnly.matched, skinOnly.total, names(skinOnly)]).toEqual(['some', 1, [onlyC]]);
      expect(names(await search({ query: `${a} ${c}`, language: 'fr' }))).toEqual([onlyA]);
      expect(names(await search({ query: `${a} ${b} ${c}`, mode: 'in_person', near: 'Sydney' })).sort()).toEqual([onlyA, onlyB, onlyC].sort());
      const page2 = await search({ query: `${a} ${c}`, page: '2' });
      expect([page2.matched, page2.total, page2.providers]).toEqual(['some', 3, []]);
      // Filters that leave nobody holding any of the words: no answer, and nothing relaxed to say.
      const none = await search({ query: `${a} ${c}`, specialty: 'pediatrics' });
      expect([none.matched, none.total]).toEqual(['all', 0]);
    });

    it('a word the directory holds nowhere, not even as a slip, is not dropped: nobody holds every word, so those holding some are listed', async () => {
      // As "cardiology qwxzt" listed every cardiologist as holding all the words.
      const unknown = word();
      const withA = await search({ query: `${a} ${unknown}` });
      expect([withA.matched, withA.total]).toEqual(['some', 2]);
      expect(names(withA).sort()).toEqual([both, onlyA].sort());
      expect(fitOf(withA, onlyA)?.matches).toEqual([{ word: a, field: 'condition', value: a, typo: false }]);
      const withTag = await search({ query: `${tag} ${unknown}` });
      expect([withTag.matched, withTag.total]).toEqual(['some', 4]);
    });

    it('leaves a query some provider holds whole as it was, and never relaxes one word', async () => {
      const whole = await search({ query: `${a} ${b}` });
      expect([whole.matched, whole.total, names(whole)]).toEqual(['all', 1, [both]]);
      expect(fitOf(whole, both)?.matches?.map((m) => m.word)).toEqual([a, b]);
      // One word nobody holds (not even as a slip), and one word the filters leave nobody holding.
      const nobody = await search({ query: word() });
      expect([nobody.matched, nobody.total]).toEqual(['all', 0]);
      const filtered = await search({ query: c, specialty: 'cardiology' });
      expect([filtered.matched, filtered.total]).toEqual(['all', 0]);
      // Two words nobody holds: nothing to relax to.
      const neither = await search({ query: `${word()} ${word()}` });
      expect([neither.matched, neither.total]).toEqual(['all', 0]);
    });
  });

  describe('when nobody holds every word and some of them name a place, the other words are searched, measured from there', () => {
    const w = `zq${letters(8)}`;
    const [inPerth, inMelbourne, byVideo] = [`Dr Westward ${w}`, `Dr Southward ${w}`, `Dr Screen ${w}`];
    beforeAll(async () => {
      await createPractice(t, { name: inPerth, conditions: [w], city: { name: 'Perth', latitude: -31.9505, longitude: 115.8605 }, timeZone: 'Australia/Perth' });
      await createPractice(t, { name: inMelbourne, conditions: [w], city: { name: 'Melbourne', latitude: -37.8136, longitude: 144.9631 }, timeZone: 'Australia/Melbourne' });
      await createPractice(t, { name: byVideo, conditions: [w], city: { name: 'Hobart', latitude: -42.8821, longitude: 147.3272 }, timeZone: 'Australia/Hobart', telehealth: true });
    });

    it('reads the place at the end or the start of the query, nearest first, with no radius, and says which words were searched', async () => {
      for (const query of [`${w} sydney`, `${w} in Sydney`, `Sydney ${w}`]) {
        const page = await search({ query, region: 'AU' });
        expect([page.matched, page.searched, page.sort, page.place?.name], query).toEqual(['near', query.replace(/ ?(in )?sydney ?/i, ''), 'distance', 'Sydney, NSW, AU']);
        // Melbourne (713 km), Hobart (1,057 km), Perth (3,290 km).
        expect(names(page), query).toEqual([inMelbourne, byVideo, inPerth]);
        expect(page.providers[0]!.distanceKm).toBeGreaterThan(700);
        // The "why" names the words searched for, not the place's.
        expect(page.providers[0]!.reasons.find((r) => r.kind === 'fit')?.matches?.map((m) => m.word)).toEqual([w]);
      }
      // A place of two words, and another order asked for is kept (in person too: no radius).
      const twoWords = await search({ query: `${w} new york`, sort: 'rating', mode: 'in_person' });
      expect([twoWords.matched, twoWords.searched, twoWords.sort, twoWords.place?.name.startsWith('New York')]).toEqual(['near', w, 'rating', true]);
      expect(twoWords.total).toBe(3);
      // A name several places have: the visitor's region's first (the larger one otherwise).
      expect((await search({ query: `${w} london`, region: 'CA' })).place?.name).toBe('London, ON, CA');
      expect((await search({ query: `${w} london`, region: 'AU' })).place?.name).toBe('London, England, GB');
    });

    it('keeps the place given apart, reads a slip as the word the directory holds, and no place from a word that only looks like one', async () => {
      // A place given apart: the words are not read again for another.
      const given = await search({ query: `${w} sydney`, near: 'Perth', radiusKm: '50' });
      expect(given.matched).not.toBe('near');
      expect(given.place?.name).toMatch(/^Perth/);
      // A slip is read as the directory's word it most likely means ("sydny": a practice in Sydney
      // holds "sydney"), and that word as a place's name; a slip of a specialty names no place.
      const slip = await search({ query: `${w} sydny`, region: 'AU' });
      expect([slip.matched, slip.searched, slip.place?.name, names(slip)[0]]).toEqual(['near', w, 'Sydney, NSW, AU', inMelbourne]);
      expect((await search({ query: `${w} cardiolgy` })).matched).toBe('some');
      // Words all of which are held are no question.
      expect((await search({ query: `${w} melbourne` })).matched).toBe('all');
      // The rest must be something to search for: honorifics and stop words alone are not.
      expect((await search({ query: 'Dr in Sydney' })).matched).not.toBe('near');
      // Nobody holds the rest: the answer relaxes to any word as before.
      expect((await search({ query: `${letters(9)} sydney` })).matched).toBe('some');
    });
  });

  describe('a three-letter word is a slip of a word with one letter more ("Amara Chn" for Dr Amara Chen)', () => {
    /**
     * Random lower-case Greek letters: a surname of four and its slip of three that no other test
     * holds (trigram similarity reads a three-letter word as close to every word sharing its first
     * two letters, so the slip must not be the start of anyone's word). The letters are all
     * different: with repeats, "αβββ" less its second letter is "αββ", the start of itself.
     */
    const greek = (count: number) =>
      [...'αβγδεζηθικλμνξοπ']
        .map((letter) => ({ letter, order: randomUUID() }))
        .sort((a, b) => a.order.localeCompare(b.order))
        .slice(0, count)
        .map(({ letter }) => letter)
        .join('');
    const given = `Qx${letters(8)}`;
    // The other surname begins with a letter `greek` never gives, so the slip begins none of its words.
    const [chen, chang] = [greek(4), `ω${greek(5)}`];
    // The surname with its second letter left out.
    const typo = `${chen[0]}${chen.slice(2)}`;
    beforeAll(async () => {
      await createPractice(t, { name: `Dr ${given} ${chen}` });
      await createPractice(t, { name: `Dr ${given} ${chang}` });
    });

    it('finds the one with that surname, not everyone of the given name, and says it was a slip', async () => {
      // Both hold the given name; before, the short word nobody holds was dropped and both were listed.
      expect(names(await search({ query: given })).sort()).toEqual([`Dr ${given} ${chang}`, `Dr ${given} ${chen}`].sort());
      const page = await search({ query: `${given} ${typo}` });
      expect([page.matched, names(page)]).toEqual(['all', [`Dr ${given} ${chen}`]]);
      expect(page.providers[0]!.reasons.find((r) => r.kind === 'fit')?.matches).toEqual([
        { word: given.toLowerCase(), field: 'name', value: `Dr ${given} ${chen}`, typo: false },
        { word: typo, field: 'name', value: `Dr ${given} ${chen}`, typo: true },
      ]);
      // A three-letter word that is no word of the directory with a letter left out (Cyrillic
      // letters, which no word here holds): listed as holding some of the words.
      const none = await search({ query: `${given} ${[...greek(3)].map((g) => 'абвгдежзиклмнопр'['αβγδεζηθικλμνξοπ'.indexOf(g)]).join('')}` });
      expect(none.matched).toBe('some');
    });
  });

  it('filters by specialty, language, mode, accepting new patients, NDIS and availability', async () => {
    expect(names(await search({ query: token, specialty: 'cardiology' })).sort()).toEqual([`Dr Faraway ${token}`, `Dr Marguerite ${token}`]);
    expect(names(await search({ query: token, language: 'fr' }))).toEqual([`Dr Marguerite ${token}`]);
    expect(names(await search({ query: token, mode: 'telehealth' }))).toEqual([`Dr Marguerite ${token}`]);
    expect(names(await search({ query: token, acceptingNew: 'true' }))).not.toContain(`Dr Faraway ${token}`);
    expect(names(await search({ query: token, ndis: 'true' }))).toEqual([`Dr Oskar ${token}`]);
    expect(names(await search({ query: token, availableWithinDays: '2' })).length).toBe(3);
  });

  it('measures distance from a typed place or coordinates, within a radius, and sorts by it', async () => {
    const sydney = await search({ query: token, near: 'sydney', radiusKm: '50' });
    expect(sydney.place).toMatchObject({ name: 'Sydney, NSW, AU' });
    expect(sydney.sort).toBe('distance');
    expect(names(sydney).sort()).toEqual([`Dr Marguerite ${token}`, `Dr Oskar ${token}`]);
    expect(sydney.providers[0]!.distanceKm).toBeLessThan(1);
    const wide = await search({ query: token, lat: '-33.87', lng: '151.21', radiusKm: '500', sort: 'distance' });
    expect(names(wide)).not.toContain(`Dr Faraway ${token}`);
    const continent = await search({ query: token, lat: '-33.87', lng: '151.21', radiusKm: '500' });
    expect(continent.providers.every((p) => p.distanceKm !== null)).toBe(true);
    // A suburb the gazetteer knows (not one of the demo's cities), with a slip in it.
    const bondi = await search({ query: token, near: 'bondi beech', radiusKm: '10' });
    expect(bondi.place).toMatchObject({ name: 'Bondi Beach, NSW, AU' });
    expect(names(bondi).sort()).toEqual([`Dr Marguerite ${token}`, `Dr Oskar ${token}`]);
    const unknown = await search({ query: token, near: 'Qxzvwyk' });
    expect(unknown.placeNotFound).toBe(true);
    expect(unknown.providers.length).toBe(3);
  });

  it('measures distance to the nearest of a provider’s practices, and does not filter a video search by it', async () => {
    const own = `zq${randomUUID().replace(/[^a-z]/g, '').slice(0, 8)}`;
    const perth = { name: 'Perth', latitude: -31.9505, longitude: 115.8605 };
    const twoCities = await createPractice(t, { name: `Dr Twocities ${own}`, conditions: [own], city: perth, timeZone: 'Australia/Perth', telehealth: true });
    const melbourne = await search({ query: own, near: 'Melbourne', radiusKm: '50' });
    expect(names(melbourne)).toEqual([]);
    await t.database.db.insert(providerLocations).values({
      tenantId: twoCities.tenantId,
      providerId: twoCities.profileId,
      name: 'Second practice',
      kind: 'practice',
      street: '2 Collins Street',
      suburb: 'Melbourne',
      city: 'Melbourne',
      state: 'VIC',
      postalCode: '3000',
      country: 'AU',
      latitude: -37.8136,
      longitude: 144.9631,
      timeZone: 'Australia/Melbourne',
      weeklyHours: ALL_DAY,
      breaks: [],
      sortOrder: 1,
    });
    const near = await search({ query: own, near: 'Melbourne', radiusKm: '50' });
    expect(names(near)).toEqual([`Dr Twocities ${own}`]);
    expect(near.providers[0]!.distanceKm).toBeLessThan(1);
    expect(near.providers[0]!.city).toBe('Melbourne');
    // Without a place the card names the first practice's city.
    expect((await search({ query: own })).providers[0]!.city).toBe('Perth');
    // A video search near a place is ranked by it, not filtered: Sydney is 700 km from Melbourne.
    const video = await search({ query: own, near: 'Sydney', radiusKm: '50', mode: 'telehealth' });
    expect(names(video)).toEqual([`Dr Twocities ${own}`]);
    expect(video.providers[0]!.distanceKm).toBeGreaterThan(600);
    expect(names(await search({ query: own, near: 'Sydney', radiusKm: '50', mode: 'in_person' }))).toEqual([]);
  });

  it('explains best match: each result lists what it earned, and the score is their weighted sum', async () => {
    const page = await search({ query: token, specialty: 'cardiology', lang: 'fr', near: 'Sydney', sort: 'best' });
    const top = page.providers[0]!;
    expect(top.displayName).toBe(`Dr Marguerite ${token}`);
    const kinds = top.reasons.map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['fit', 'distance', 'language', 'availability']));
    const sum = top.reasons.reduce((acc, r) => acc + MATCH_WEIGHTS[r.kind] * r.score, 0);
    expect(Math.abs(sum - top.score)).toBeLessThan(0.02);
    expect(top.reasons.find((r) => r.kind === 'fit')).toMatchObject({ score: 1, detail: 'cardiology' });

    // Typed words: the fit says which word was found where, slips included.
    const typed = await search({ query: `Margerite ${token} fibrilation` });
    const fit = typed.providers.find((p) => p.displayName === `Dr Marguerite ${token}`)!.reasons.find((r) => r.kind === 'fit');
    expect(fit).toMatchObject({ detail: '' });
    expect(fit?.matches).toEqual([
      { word: 'margerite', field: 'name', value: `Dr Marguerite ${token}`, typo: true },
      { word: token, field: 'name', value: `Dr Marguerite ${token}`, typo: false },
      { word: 'fibrilation', field: 'condition', value: 'atrial fibrillation', typo: true },
    ]);
    // Without typed words there is nothing to say of words.
    expect(top.reasons.find((r) => r.kind === 'fit')?.matches).toEqual(expect.arrayContaining([expect.objectContaining({ word: token })]));
    const bySpecialty = await search({ specialty: 'cardiology', near: 'Sydney' });
    expect(bySpecialty.providers[0]!.reasons.find((r) => r.kind === 'fit')).toEqual({ kind: 'fit', score: 1, detail: 'cardiology' });
  });

  it('sorts by rating and by soonest availability, and pages', async () => {
    expect(names(await search({ query: token, sort: 'rating' }))[0]).toBe(`Dr Oskar ${token}`);
    await dayOff(t, heart, new Date().toISOString().slice(0, 10));
    const soonest = await search({ query: token, sort: 'soonest' });
    const times = soonest.providers.map((p) => p.nextAvailableAt);
    expect(times.every(Boolean)).toBe(true);
    expect([...times].sort()).toEqual(times);
    const page2 = await search({ query: token, page: '2' });
    expect(page2.providers).toEqual([]);
    expect(page2.total).toBe(3);
  });

  it('refuses a malformed query with problem details', async () => {
    for (const qs of ['specialty=astrology', 'radiusKm=0', 'lat=100&lng=0', 'lat=10', 'page=0', 'sort=random', 'language=xx', 'other=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ code: 'request.invalid' });
    }
  });
});

describe('best match: the fit is the weighted share of the words held, every result says why, the region counts', () => {
  // Words no other test holds: `rare` held by one provider, `common` by four (as "knee" and "pain").
  const word = () => `qx${letters(10)}`;
  const [rare, common, tag] = [word(), word(), word()];
  // Two words that share a long ending and differ in their first five letters (as "psychologist"
  // and "neurologist"): trigrams read them as close, but one is no slip of the other.
  const ending = 'ologistique';
  // (The typed one's first letters are beyond those `letters` gives: never a slip of the held one.)
  const [heldLong, typedLong] = [`${letters(5)}${ending}`, `wxywx${ending}`];
  const shanghai = { name: 'Shanghai', latitude: 31.2304, longitude: 121.4737 };
  const perth = { name: 'Perth', latitude: -31.9505, longitude: 115.8605 };
  const [knee, chest, rated, local, abroad, westward] = [`Dr Knee ${tag}`, `Dr Chest ${tag}`, `Dr Rated ${tag}`, `Dr Local ${tag}`, `Dr Abroad ${tag}`, `Dr Westward ${tag}`];
  const fitOf = (page: DirectoryPage, name: string) => page.providers.find((p) => p.displayName === name)?.reasons.find((r) => r.kind === 'fit');
  beforeAll(async () => {
    await createPractice(t, { name: knee, specialty: 'orthopedics', conditions: [`${rare} injury`] });
    await createPractice(t, { name: chest, specialty: 'cardiology', conditions: [`chest ${common}`, heldLong] });
    for (const name of [rated, local]) await createPractice(t, { name, conditions: [common] });
    // Abroad: in Shanghai, rated 5 by 10 people; local: in Sydney, no rating.
    const far = await createPractice(t, { name: abroad, conditions: [common], city: shanghai, timeZone: 'Asia/Shanghai', telehealth: true });
    await setProfile(t, far, { regionCode: 'CN', ratingCount: 10, ratingSum: 50 });
    await createPractice(t, { name: westward, conditions: [`${rare}`], city: perth, timeZone: 'Australia/Perth' });
    await t.app.availabilityRefresh.runOnce();
  });

  it('scores a provider holding some of the words by their share and rarity, never as a full fit', async () => {
    // "knee pain" where nobody holds both: a cardiologist holding "pain" fitted 100 of 100.
    const page = await search({ query: `${rare} ${common}` });
    expect(page.matched).toBe('some');
    const [rareFit, commonFit] = [fitOf(page, knee)!, fitOf(page, chest)!];
    expect(commonFit.score).toBeLessThan(0.5);
    expect(rareFit.score).toBeLessThan(1);
    // The rarer word counts more.
    expect(rareFit.score).toBeGreaterThan(commonFit.score);
    expect(commonFit.matches).toEqual([{ word: common, field: 'condition', value: `chest ${common}`, typo: false }]);
    // Every result says which word it holds.
    for (const p of page.providers) expect(p.reasons.find((r) => r.kind === 'fit')?.matches?.length, p.displayName).toBeGreaterThan(0);
    // Holding every word is a full fit.
    const whole = await search({ query: `${common} chest` });
    expect([whole.matched, names(whole), fitOf(whole, chest)?.score]).toEqual(['all', [chest], 1]);
  });

  it('reads a slip only a few edits away, fits it less than the word, and no word that merely shares an ending', async () => {
    // One letter left out of a word of the directory: found, explained as a slip, 75 of 100.
    const slip = await search({ query: rare.slice(0, 5) + rare.slice(6) });
    expect(names(slip).sort()).toEqual([knee, westward].sort());
    expect(fitOf(slip, knee)).toMatchObject({ score: 0.75, matches: [{ field: 'condition', value: `${rare} injury`, typo: true }] });
    // A word sharing only a long ending with one of the directory's ("psychologist" read as
    // "neurologist", "table" as "available"): no slip, nobody found, nothing listed as a fit.
    const other = await search({ query: typedLong });
    expect([other.matched, other.total]).toEqual(['all', 0]);
    const beside = await search({ query: `${typedLong} ${tag}` });
    expect(beside.matched).toBe('some');
    for (const p of beside.providers) {
      const fit = p.reasons.find((r) => r.kind === 'fit');
      expect(fit?.matches?.map((m) => m.word), p.displayName).toEqual([tag]);
      expect(fit?.score, p.displayName).toBeLessThan(1);
    }
  });

  it('fits a word found only in the biography weakly, and says so', async () => {
    // As "experience" or "video", which every demo biography holds: each fitted 100 of 100.
    const [inBio, inConditions] = [`Dr Biography ${tag}`, `Dr Treats ${tag}`];
    const bioWord = word();
    const biography = await createPractice(t, { name: inBio });
    const bio = `Known for calm ${bioWord} care.`;
    await t.database.db
      .update(providerProfiles)
      .set({ bio, searchDocument: sql`${providerProfiles.searchDocument} || ${` \n${bio.toLowerCase()}`}` })
      .where(eq(providerProfiles.id, biography.profileId));
    await createPractice(t, { name: inConditions, conditions: [bioWord] });
    const page = await search({ query: bioWord });
    expect(names(page)).toEqual([inConditions, inBio]);
    expect(fitOf(page, inConditions)?.score).toBe(1);
    expect(fitOf(page, inBio)).toMatchObject({ score: 0.3, matches: [{ word: bioWord, field: 'bio', value: bioWord, typo: false }] });
  });

  it('prefers providers of the visitor’s region with no place given, and says so', async () => {
    const au = await search({ query: common, region: 'AU' });
    // The one abroad is better rated, but not in the visitor's country; still listed (telehealth).
    expect(names(au).indexOf(abroad)).toBe(names(au).length - 1);
    expect(au.providers[0]!.reasons.find((r) => r.kind === 'region')).toEqual({ kind: 'region', score: 1, detail: 'AU' });
    expect(au.providers.find((p) => p.displayName === abroad)!.reasons.find((r) => r.kind === 'region')).toBeUndefined();
    const cn = await search({ query: common, region: 'CN' });
    expect(names(cn)[0]).toBe(abroad);
    // The score is still the weighted sum of the parts listed.
    for (const p of au.providers) expect(Math.abs(p.reasons.reduce((acc, r) => acc + MATCH_WEIGHTS[r.kind] * r.score, 0) - p.score)).toBeLessThan(0.02);
  });

  it('reads a place among the words nearest first in its own country, then across the world', async () => {
    // "cardiology sydney": nobody holding the words practises in Melbourne; Sydney (713 km) and
    // Perth (2,720 km) are in the place's country, Shanghai (8,000 km) is not: it comes after
    // them whatever its distance, without the region's points, its distance shown.
    const page = await search({ query: `${common} ${tag} melbourne`, region: 'AU' });
    expect([page.matched, page.place?.name, page.sort]).toEqual(['near', 'Melbourne, VIC, AU', 'distance']);
    expect(names(page).slice(0, 3).sort()).toEqual([chest, local, rated].sort());
    expect(names(page)[3]).toBe(abroad);
    expect(page.providers[3]!.distanceKm).toBeGreaterThan(7000);
    expect(page.providers[3]!.reasons.find((r) => r.kind === 'region')).toBeUndefined();
    // From Beijing, its own country's provider comes first.
    const fromBeijing = await search({ query: `${common} ${tag} beijing`, region: 'AU' });
    expect([fromBeijing.matched, names(fromBeijing)[0]]).toEqual(['near', abroad]);
    const west = await search({ query: `${rare} ${tag} melbourne`, region: 'AU' });
    expect([west.matched, names(west)]).toEqual(['near', [knee, westward]]);
    expect(west.providers[1]!.reasons.find((r) => r.kind === 'region')).toMatchObject({ score: 1, detail: 'AU' });
  });
});

describe('GET /api/v1/providers/{id}/photo', () => {
  const uploadPhoto = async (practice: Practice) => {
    const form = multipartBody([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', body: TINY_PNG }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie: practice.provider.cookie, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("serves a verified provider's account picture to everyone, versioned, and nobody else's", async () => {
    await uploadPhoto(heart);
    await uploadPhoto(hidden);
    const card = (await search({ query: `Marguerite ${token}` })).providers[0]!;
    expect(card.image).toMatch(new RegExp(`^/api/v1/providers/${heart.profileId}/photo\\?v=[0-9a-f]{8}$`));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/providers/${heart.profileId}` })).json<ProviderDetail>();
    expect(detail.image).toBe(card.image);

    // No cookie: the directory's photo is public, unlike the avatar's own address.
    const photo = await t.app.inject({ method: 'GET', url: card.image! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('public, max-age=86400');
    expect(photo.rawPayload.equals(TINY_PNG)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: card.image!, headers: { 'if-none-match': String(photo.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/avatars/${heart.provider.userId}` })).statusCode).toBe(401);

    // A profile under review, one without a picture, an unknown one: 404 with a stable code.
    for (const id of [hidden.profileId, skin.profileId, randomUUID()]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${id}/photo` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'providers.photo-not-found' });
    }
    expect((await search({ query: `Oskar ${token}` })).providers[0]!.image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/providers/not-a-uuid/photo' })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/providers/{id}', () => {
  it('shows a verified profile with organisation, locations in the region’s address order and services', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${heart.profileId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProviderDetail>();
    expect(body).toMatchObject({ displayName: `Dr Marguerite ${token}`, specialty: 'cardiology', languages: ['en', 'fr'], organisation: { name: expect.stringMatching(/^Practice /) } });
    expect(body.locations[0]).toMatchObject({ timeZone: 'Australia/Sydney', city: 'Sydney' });
    expect(body.services[0]).toMatchObject({ name: 'Consultation', durationMinutes: 30, priceMinor: 12000, currency: 'AUD' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/providers/${hidden.profileId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/providers/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/providers/not-a-uuid' })).statusCode).toBe(400);
  });
});
