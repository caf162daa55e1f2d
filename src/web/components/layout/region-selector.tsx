import { Check, Globe, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REGION_CODES, type RegionCode, getRegion } from '~/shared/regions';
import { saveRegion, useRegion } from '~/web/lib/region';
import { LANGUAGE_TRIGGER_CLASS_NAME } from './language-trigger';

/** Spec §9: the page reloads 100 ms after a region is chosen. */
export const REGION_RELOAD_DELAY_MS = 100;

/**
 * The region selector for signed-out visitors (spec §2): every region with its flag, local and
 * English name; with details on, its currency, emergency number, date, time and phone formats,
 * healthcare system and address order. Choosing one stores it (an unknown code never is),
 * switches the interface to the region's language and reloads the page after 100 ms.
 */
export default function RegionSelector({ onChosen }: { onChosen?: () => void }) {
  const { t, i18n } = useTranslation();
  const current = useRegion();
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState(false);
  const detailsId = useId();
  const region = getRegion(current);

  function choose(code: RegionCode) {
    setOpen(false);
    onChosen?.();
    if (code === current) return;
    if (!saveRegion(code)) return;
    void i18n.changeLanguage(getRegion(code).language).finally(() => {
      window.setTimeout(() => window.location.reload(), REGION_RELOAD_DELAY_MS);
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={LANGUAGE_TRIGGER_CLASS_NAME}>
        <span aria-hidden="true" className="text-base leading-none">
          {region.flag}
        </span>
        <span className="sr-only">{t('regionSelector.trigger', { name: region.name })}</span>
        <span aria-hidden="true" className="hidden lg:inline">
          {region.code}
        </span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed inset-x-4 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-3xl flex-col rounded-xl bg-white shadow-xl">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-xl font-semibold text-slate-900">
                <Globe aria-hidden="true" className="size-5 text-teal-700" />
                {t('regionSelector.title')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-700">{t('regionSelector.description')}</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100" aria-label={t('regionSelector.close')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="flex items-center gap-2 px-5 pt-4">
            <input
              id={detailsId}
              type="checkbox"
              role="switch"
              checked={details}
              onChange={(event) => setDetails(event.target.checked)}
              className="size-5 accent-teal-700"
            />
            <label htmlFor={detailsId} className="text-sm font-medium text-slate-800">
              {t('regionSelector.showDetails')}
            </label>
          </div>
          <ul aria-label={t('regionSelector.list')} className="grid gap-2 overflow-y-auto p-5 sm:grid-cols-2">
            {REGION_CODES.map((code) => (
              <li key={code}>
                <RegionOption code={code} selected={code === current} details={details} onChoose={choose} />
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RegionOption({
  code,
  selected,
  details,
  onChoose,
}: {
  code: RegionCode;
  selected: boolean;
  details: boolean;
  onChoose(code: RegionCode): void;
}) {
  const { t } = useTranslation();
  const r = getRegion(code);
  return (
    <button
      type="button"
      onClick={() => onChoose(code)}
      aria-current={selected ? 'true' : undefined}
      data-region={code}
      className="flex w-full flex-col rounded-lg border border-slate-200 p-3 text-start hover:border-teal-600 hover:bg-teal-50 aria-[current=true]:border-teal-700 aria-[current=true]:bg-teal-50"
    >
      <span className="flex w-full items-center gap-3">
        <span aria-hidden="true" className="text-2xl leading-none">
          {r.flag}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900" lang={r.language} dir={r.rtl ? 'rtl' : undefined}>
            {r.localName}
          </span>
          <span className="block text-sm text-slate-700" lang="en">
            {r.name}
          </span>
        </span>
        {selected ? (
          <>
            <Check aria-hidden="true" className="size-5 text-teal-700" />
            <span className="sr-only">{t('regionSelector.current')}</span>
          </>
        ) : null}
      </span>
      {details ? (
        <dl className="mt-3 grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-800">
          <dt className="font-semibold">{t('regionSelector.currency')}</dt>
          <dd>
            {r.currency.code} ({r.currency.symbol})
          </dd>
          <dt className="font-semibold">{t('regionSelector.emergency')}</dt>
          <dd dir="ltr" className="text-start">{r.emergencyNumber}</dd>
          <dt className="font-semibold">{t('regionSelector.dateFormat')}</dt>
          <dd dir="ltr" className="text-start">{r.dateFormat}</dd>
          <dt className="font-semibold">{t('regionSelector.timeFormat')}</dt>
          <dd dir="ltr" className="text-start">{r.timeFormat}</dd>
          <dt className="font-semibold">{t('regionSelector.phoneFormat')}</dt>
          <dd dir="ltr" className="text-start">{r.phoneFormat}</dd>
          <dt className="font-semibold">{t('regionSelector.healthcareSystem')}</dt>
          <dd>{t(`regionSelector.systems.${r.healthcareSystem}`)}</dd>
          <dt className="font-semibold">{t('regionSelector.addressOrder')}</dt>
          <dd>{r.addressFormat.map((field) => t(`regionSelector.addressFields.${field}`)).join(' → ')}</dd>
        </dl>
      ) : null}
    </button>
  );
}
