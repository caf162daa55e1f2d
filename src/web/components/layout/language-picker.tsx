import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode } from '~/shared/languages';
import { toast } from 'sonner';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { LANGUAGE_TRIGGER_CLASS_NAME, LanguageTriggerContent } from './language-trigger';

/**
 * The interface language picker (spec §2). Choosing a language lets i18next switch, cache the
 * choice in local storage (the detector's cache) and, through its languageChanged listener,
 * update <html lang dir>; a signed-in person's account keeps it too. Loaded after the first render (Radix and its positioning code are
 * not needed to paint the page): the header shows {@link LanguageTriggerContent} meanwhile.
 */
export default function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n.resolvedLanguage);

  const { session } = useAuth();
  const client = useQueryClient();

  function choose(value: string) {
    if (!isLanguageCode(value) || value === current) return;
    void i18n.changeLanguage(value);
    // Signed in, the account keeps the choice too: its emails and other devices use it, and
    // Settings shows what is saved.
    // The profile client (and the validator) loads only then, not with every visitor's header.
    if (session) {
      import('~/web/features/profile/api/profile-api')
        .then(({ saveProfile }) => saveProfile(client, { locale: value }))
        .catch((error: unknown) => toast.error(problemMessage(i18n, error)));
    }
  }

  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while it still holds
    // focusable elements (axe: aria-hidden-focus); Escape, Tab and outside clicks still close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={LANGUAGE_TRIGGER_CLASS_NAME}>
        <LanguageTriggerContent />
      </DropdownMenu.Trigger>
      {/* Rendered in place (no portal) so the open menu stays inside the header landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
      >
        <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600">
          {t('language.menuTitle')}
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={current} onValueChange={choose}>
          {LANGUAGES.map((language) => (
            <DropdownMenu.RadioItem
              key={language.code}
              value={language.code}
              lang={language.code}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 text-sm select-none focus-visible:-outline-offset-2 data-highlighted:bg-teal-50 data-highlighted:text-teal-900 data-[state=checked]:font-semibold"
            >
              <span aria-hidden="true" className="text-base leading-none">
                {language.flag}
              </span>
              <span className="flex-1 text-start">{language.name}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-teal-700" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
