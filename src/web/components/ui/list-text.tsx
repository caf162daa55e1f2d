import { Fragment } from 'react';
import { intlLocale } from '~/web/lib/dates';

/**
 * A list of names or a provider's words ("English, Arabic and French"; "العربية وEnglish") as the
 * page's language writes a list (Intl.ListFormat: its commas and its "and"), each item isolated
 * in <bdi> so one in another script keeps its own direction. `empty` when there is nothing.
 */
export function ListText({ items, language, empty = '—' }: { items: readonly string[]; language: string; empty?: string }) {
  if (items.length === 0) return <>{empty}</>;
  const parts = new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).formatToParts(items);
  return (
    <>
      {parts.map((part, i) => (part.type === 'element' ? <bdi key={i}>{part.value}</bdi> : <Fragment key={i}>{part.value}</Fragment>))}
    </>
  );
}
