import { Dialog, Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';
import { cookiePreferencesOpenedFrom, setCookiePreferencesOpen, useConsent, useCookiePreferencesOpen } from '~/web/lib/consent';
import { type ConsentChoice, OPTIONAL_CATEGORIES, choiceOf, useSubmitConsent } from '../lib/submit-consent';

/**
 * The Cookie Preferences dialog (spec §2, §4, §8): one switch per category, essential locked with
 * its Required note, Cancel and Save Preferences. The banner (cookie-banner.tsx) and the footer
 * open it. Saving closes it and toasts; a failure keeps it open with the spec's error toast. Loaded
 * after hydration: nothing of it is on the first page.
 */
export default function CookieConsent() {
  const { t } = useTranslation('consent');
  const consent = useConsent();
  const open = useCookiePreferencesOpen();
  const [draft, setDraft] = useState<ConsentChoice | null>(null);
  const current = draft ?? choiceOf(consent.data);
  const { submit, pending } = useSubmitConsent(() => setDraft(null));

  function onOpenChange(next: boolean) {
    // Cancel (or Escape) discards changes made in the dialog.
    if (!next) setDraft(null);
    setCookiePreferencesOpen(next);
  }

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <Dialog.Content
            className="fixed inset-x-4 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-xl flex-col overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
            onCloseAutoFocus={(event) => {
              // Opened without a Radix trigger: the focus goes back to what opened it, when it is still there.
              const back = cookiePreferencesOpenedFrom();
              if (!back) return;
              event.preventDefault();
              back.focus();
            }}
          >
            <Dialog.Title className="text-xl font-semibold text-slate-900">{t('modal.title')}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-700">{t('modal.description')}</Dialog.Description>
            <ul className="mt-5 divide-y divide-slate-200">
              <CategoryRow name={t('categories.essential.name')} description={t('categories.essential.description')} checked locked requiredLabel={t('modal.required')} requiredNote={t('modal.requiredNote')} />
              {OPTIONAL_CATEGORIES.map((category) => (
                <CategoryRow
                  key={category}
                  name={t(`categories.${category}.name`)}
                  description={t(`categories.${category}.description`)}
                  checked={current[category]}
                  onChange={(value) => setDraft({ ...current, [category]: value })}
                />
              ))}
            </ul>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">{t('modal.cancel')}</Button>
              </Dialog.Close>
              <Button busy={pending} onClick={() => submit(current)}>
                {t('modal.save')}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function CategoryRow({
  name,
  description,
  checked,
  locked,
  requiredLabel,
  requiredNote,
  onChange,
}: {
  name: string;
  description: string;
  checked: boolean;
  locked?: boolean;
  requiredLabel?: string;
  requiredNote?: string;
  onChange?: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-4 py-4">
      <div className="flex-1">
        <label htmlFor={id} className="font-medium text-slate-900">
          {name}
          {locked && requiredLabel ? ' ' : null}
          {locked && requiredLabel ? (
            <span className="ms-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{requiredLabel}</span>
          ) : null}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm text-slate-700">
          {description}
          {locked && requiredNote ? <span className="mt-1 block font-medium text-slate-800">{requiredNote}</span> : null}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={locked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-description`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-slate-500 transition-colors disabled:cursor-not-allowed data-[state=checked]:bg-teal-700 disabled:data-[state=checked]:bg-teal-900"
      >
        <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5" />
      </Switch.Root>
    </li>
  );
}
