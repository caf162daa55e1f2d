import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main';

/** First focusable element of every page: jumps past the header to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-teal-700 px-4 py-3 font-medium text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t('app.skipToContent')}
    </a>
  );
}
