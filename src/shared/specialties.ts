/** The eight specialties of spec §2 (/providers?specialty={slug}), in the home page's order: its specialty browser shows these. */
export const HOME_SPECIALTY_SLUGS = [
  'cardiology',
  'neurology',
  'family-medicine',
  'pediatrics',
  'orthopedics',
  'ophthalmology',
  'dentistry',
  'dermatology',
] as const;
export type HomeSpecialtySlug = (typeof HOME_SPECIALTY_SLUGS)[number];

/**
 * Allied-health and mental-health specialties beyond the spec's eight, which a disability-care
 * (NDIS) platform needs: therapy supports, psychosocial care, nutrition, feet and hearing. The
 * slugs are stable (URLs, stored profiles, the `specialties` table); append, never rename.
 */
export const ALLIED_HEALTH_SPECIALTY_SLUGS = [
  'physiotherapy',
  'occupational-therapy',
  'speech-pathology',
  'psychology',
  'psychiatry',
  'dietetics',
  'podiatry',
  'exercise-physiology',
  'audiology',
] as const;

/** Every specialty a provider may practise, in display order: the spec's eight, then the allied-health ones. */
export const SPECIALTY_SLUGS = [...HOME_SPECIALTY_SLUGS, ...ALLIED_HEALTH_SPECIALTY_SLUGS] as const;
export type SpecialtySlug = (typeof SPECIALTY_SLUGS)[number];

/** How pickers group the list (`<optgroup>`): the spec's medical specialties, then allied and mental health. */
export const SPECIALTY_GROUPS: readonly { key: 'medical' | 'allied'; slugs: readonly SpecialtySlug[] }[] = [
  { key: 'medical', slugs: HOME_SPECIALTY_SLUGS },
  { key: 'allied', slugs: ALLIED_HEALTH_SPECIALTY_SLUGS },
];

export function isSpecialtySlug(value: string): value is SpecialtySlug {
  return (SPECIALTY_SLUGS as readonly string[]).includes(value);
}

/** Where a specialty card leads: the directory filtered by that specialty. */
export function specialtySearchPath(slug: SpecialtySlug): string {
  return `/providers?specialty=${encodeURIComponent(slug)}`;
}

/**
 * Words people search a specialty by, in the six interface languages, so free text finds the
 * right providers whatever language it is typed in ("heart", "cardiólogo", "心脏", "physio",
 * "kinésithérapie", "物理治疗").
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
  physiotherapy: ['physiotherapy', 'physiotherapist', 'physio', 'physical therapy', 'physical therapist', 'fisioterapia', 'fisioterapeuta', 'kinésithérapie', 'kinésithérapeute', 'kiné', 'physiothérapie', 'physiothérapeute', 'العلاج الطبيعي', 'أخصائي العلاج الطبيعي', '物理治疗', '物理治疗师', '理疗'],
  'occupational-therapy': ['occupational therapy', 'occupational therapist', 'ot', 'terapia ocupacional', 'terapeuta ocupacional', 'ergothérapie', 'ergothérapeute', 'العلاج الوظيفي', 'أخصائي العلاج الوظيفي', '作业治疗', '作业治疗师', '职业治疗'],
  'speech-pathology': ['speech pathology', 'speech pathologist', 'speech therapy', 'speech therapist', 'speech and language therapy', 'speech language pathologist', 'logopedia', 'logopeda', 'terapia del habla', 'orthophonie', 'orthophoniste', 'fonoaudiologia', 'fonoaudiólogo', 'fonoaudióloga', 'terapia da fala', 'علاج النطق', 'أخصائي النطق', 'تخاطب', '言语治疗', '言语治疗师', '语言治疗'],
  psychology: ['psychology', 'psychologist', 'counselling', 'counseling', 'counsellor', 'mental health', 'psicología', 'psicólogo', 'psicóloga', 'psychologie', 'psychologue', 'psicologia', 'علم النفس', 'أخصائي نفسي', 'نفسي', '心理学', '心理咨询', '心理医生'],
  psychiatry: ['psychiatry', 'psychiatrist', 'mental health', 'psiquiatría', 'psiquiatra', 'psychiatrie', 'psychiatre', 'psiquiatria', 'الطب النفسي', 'طبيب نفسي', '精神科', '精神病学'],
  dietetics: ['dietetics', 'dietitian', 'dietician', 'nutrition', 'nutritionist', 'diet', 'dietética', 'dietista', 'nutricionista', 'nutrición', 'diététique', 'diététicien', 'diététicienne', 'nutritionniste', 'nutrição', 'التغذية', 'أخصائي تغذية', '营养科', '营养师', '营养'],
  podiatry: ['podiatry', 'podiatrist', 'chiropody', 'chiropodist', 'foot', 'feet', 'podología', 'podólogo', 'podóloga', 'podologie', 'podologue', 'pédicure', 'podologia', 'podologista', 'طب الأقدام', 'أقدام', '足病科', '足科'],
  'exercise-physiology': ['exercise physiology', 'exercise physiologist', 'exercise therapy', 'fisiología del ejercicio', 'fisiólogo del ejercicio', 'physiologie de l’exercice', 'activité physique adaptée', 'fisiologia do exercício', 'fisiologista do exercício', 'فسيولوجيا التمارين', 'العلاج بالتمارين', '运动生理学', '运动康复'],
  audiology: ['audiology', 'audiologist', 'hearing', 'hearing test', 'audiología', 'audiólogo', 'audióloga', 'audiologie', 'audiologiste', 'audioprothésiste', 'audiologia', 'audiologista', 'السمعيات', 'أخصائي السمع', 'سمع', '听力学', '听力'],
};
