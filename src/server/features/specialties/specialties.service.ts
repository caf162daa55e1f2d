import type { SpecialtyList } from '../../../shared/contracts/specialties.js';
import { isSpecialtySlug } from '../../../shared/specialties.js';
import type { ServiceContext } from '../../platform/context.js';
import { countVerifiedProvidersBySpecialty } from './specialties.repo.js';

/** The home page's specialty browser: each specialty with how many verified providers practise it. */
export async function listSpecialties(ctx: Pick<ServiceContext, 'db'>): Promise<SpecialtyList> {
  const rows = await countVerifiedProvidersBySpecialty(ctx.db);
  return {
    specialties: rows.flatMap((row) => (isSpecialtySlug(row.slug) ? [{ slug: row.slug, providerCount: row.providerCount }] : [])),
  };
}
