import { useTranslation } from 'react-i18next';
import { formatLocale } from './dates';
import { currentLanguage } from './i18n';
import { useRegion } from './region';

/**
 * The format locale for dates and times on this page: the interface language as the visitor's
 * region writes it ('en-AU' for English in Australia). Follows both the language and the region,
 * and is safe during server rendering (the region the page was rendered with).
 */
export function useFormatLocale(): string {
  const { i18n } = useTranslation();
  const region = useRegion();
  return formatLocale(currentLanguage(i18n.resolvedLanguage), region);
}
