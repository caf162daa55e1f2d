/** The eight specialties of spec §2 (/providers?specialty={slug}), in the home page's order. */
export const SPECIALTY_SLUGS = [
  'cardiology',
  'neurology',
  'family-medicine',
  'pediatrics',
  'orthopedics',
  'ophthalmology',
  'dentistry',
  'dermatology',
] as const;
export type SpecialtySlug = (typeof SPECIALTY_SLUGS)[number];

export function isSpecialtySlug(value: string): value is SpecialtySlug {
  return (SPECIALTY_SLUGS as readonly string[]).includes(value);
}

/** Where a specialty card leads: the directory filtered by that specialty. */
export function specialtySearchPath(slug: SpecialtySlug): string {
  return `/providers?specialty=${encodeURIComponent(slug)}`;
}

/**
 * Words people search a specialty by, in the six interface languages, so free text finds the
 * right providers whatever language it is typed in ("heart", "cardiólogo", "心脏").
 */
export const SPECIALTY_SEARCH_TERMS: Record<SpecialtySlug, readonly string[]> = {
  cardiology: ['cardiology', 'cardiologist', 'heart', 'cardiología', 'cardiólogo', 'corazón', 'cardiologie', 'cardiologue', 'cœur', 'cardiologia', 'cardiologista', 'coração', 'أمراض القلب', 'قلب', '心脏科', '心脏'],
  neurology: ['neurology', 'neurologist', 'brain', 'nerves', 'neurología', 'neurólogo', 'neurologie', 'neurologue', 'neurologia', 'neurologista', 'الأعصاب', 'أعصاب', '神经科', '神经'],
  'family-medicine': ['family medicine', 'general practitioner', 'gp', 'family doctor', 'medicina familiar', 'médico de familia', 'médecine générale', 'médecin généraliste', 'medicina de família', 'médico de família', 'طب الأسرة', 'طبيب عام', '家庭医学', '全科'],
  pediatrics: ['pediatrics', 'paediatrics', 'pediatrician', 'paediatrician', 'children', 'child', 'pediatría', 'pediatra', 'pédiatrie', 'pédiatre', 'pediatria', 'طب الأطفال', 'أطفال', '儿科'],
  orthopedics: ['orthopedics', 'orthopaedics', 'orthopedic', 'bones', 'joints', 'ortopedia', 'ortopedista', 'orthopédie', 'orthopédiste', 'جراحة العظام', 'عظام', '骨科'],
  ophthalmology: ['ophthalmology', 'ophthalmologist', 'eyes', 'eye', 'vision', 'oftalmología', 'oftalmólogo', 'ophtalmologie', 'ophtalmologue', 'oftalmologia', 'oftalmologista', 'طب العيون', 'عيون', '眼科'],
  dentistry: ['dentistry', 'dentist', 'teeth', 'dental', 'odontología', 'dentista', 'dentisterie', 'dentiste', 'odontologia', 'طب الأسنان', 'أسنان', '牙科'],
  dermatology: ['dermatology', 'dermatologist', 'skin', 'dermatología', 'dermatólogo', 'dermatologie', 'dermatologue', 'dermatologia', 'dermatologista', 'الأمراض الجلدية', 'جلد', '皮肤科'],
};
