import type { LanguageCode } from '~/shared/languages';
import { createServerI18n } from '~/web/lib/i18n.server';

export const FAQ_ITEMS_KEY = 'faq.items';

function isFaqItem(value: unknown): value is { question: string; answer: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { question?: unknown }).question === 'string' &&
    typeof (value as { answer?: unknown }).answer === 'string'
  );
}

/** The home page's title, description and FAQ in a language, for its metadata and structured data. */
export async function homeMetaText(language: LanguageCode): Promise<{
  title: string;
  description: string;
  faq: { question: string; answer: string }[];
}> {
  const i18n = await createServerI18n(language, ['home']);
  const t = i18n.getFixedT(language, 'home');
  const faq: unknown = t(FAQ_ITEMS_KEY, { returnObjects: true });
  return {
    title: t('meta.title'),
    description: t('meta.description'),
    faq: Array.isArray(faq) ? faq.filter(isFaqItem) : [],
  };
}
