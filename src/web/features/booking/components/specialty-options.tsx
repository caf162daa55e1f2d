import { SPECIALTY_GROUPS, type SpecialtySlug } from '~/shared/specialties';

/**
 * A <select>'s specialties, grouped as the directory's filter and the profile editor show them:
 * the medical specialties, then allied and mental health. Names come from the caller's namespace.
 */
export function SpecialtyOptions({ name, group }: { name(slug: SpecialtySlug): string; group(key: (typeof SPECIALTY_GROUPS)[number]['key']): string }) {
  return SPECIALTY_GROUPS.map((g) => (
    <optgroup key={g.key} label={group(g.key)}>
      {g.slugs.map((slug) => (
        <option key={slug} value={slug}>
          {name(slug)}
        </option>
      ))}
    </optgroup>
  ));
}
