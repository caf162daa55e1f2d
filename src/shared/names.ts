/**
 * Honorifics and titles of the six interface languages, lower case, accents kept ("Dr Chen":
 * every provider is a Dr). The directory's search leaves them out of a query's words; a person's
 * avatar leaves a leading one out of their initials.
 */
export const HONORIFICS: ReadonlySet<string> = new Set([
  ...['dr', 'drs', 'doc', 'doctor', 'doctors', 'prof', 'professor', 'mr', 'mrs', 'ms', 'miss', 'mx', 'sir'],
  ...['dra', 'doctora', 'sr', 'sra', 'srta', 'profa', 'professora', 'doutor', 'doutora', 'docteur', 'pr', 'professeur', 'mme', 'mlle'],
  ...['د', 'دكتور', 'دكتورة', 'الدكتور', 'الدكتورة', '医生', '大夫'],
]);

/** A name's words without the titles before it ("Dr Amara Chen": Amara, Chen), and all of them if it is only titles. */
export function nameWithoutTitles(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words.findIndex((word) => !HONORIFICS.has(word.toLowerCase().replace(/\.$/, '')));
  return first === -1 ? words : words.slice(first);
}
