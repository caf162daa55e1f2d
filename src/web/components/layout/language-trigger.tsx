import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '~/shared/languages';
import { currentLanguage } from '~/web/lib/i18n';

export const LANGUAGE_TRIGGER_CLASS_NAME =
  'inline-flex h-10 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-progress data-[state=open]:bg-slate-100';

/** What the language picker's button shows: flag (decorative), 'Language:' for screen readers, name. */
export function LanguageTriggerContent() {
  const { t, i18n } = useTranslation();
  const code = currentLanguage(i18n.resolvedLanguage);
  const selected = LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
  return (
    <>
      <span aria-hidden="true" className="text-base leading-none">
        {selected.flag}
      </span>
      <span className="sr-only">{t('language.label')}: </span>
      <span lang={selected.code} className="sr-only sm:not-sr-only">
        {selected.name}
      </span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  );
}

/** Stand-in with the same look while the picker's code loads. */
export function LanguageTriggerPlaceholder() {
  return (
    <button type="button" disabled aria-haspopup="menu" className={LANGUAGE_TRIGGER_CLASS_NAME}>
      <LanguageTriggerContent />
    </button>
  );
}
