import { useTranslation } from 'react-i18next';
import { REASON_MAX_LENGTH } from '~/shared/contracts/appointments';
import type { ProviderDetail } from '~/shared/contracts/providers';
import { Field } from '~/web/components/ui/field';
import { currentLanguage } from '~/web/lib/i18n';
import { formatMoney, isolatePrice } from '../lib/format';
import { SELECT_CLASS_NAME } from './parts';

type Location = ProviderDetail['locations'][number];

/**
 * A provider's services as radio cards (name, length, price, mode), then the location when the
 * chosen service is held at more than one: the booking page's and the practice's own booking's.
 */
export function ServiceChoice({
  services,
  serviceId,
  onService,
  locations,
  locationId,
  onLocation,
  idPrefix,
}: {
  services: ProviderDetail['services'];
  serviceId: string;
  onService(id: string): void;
  locations: readonly Location[];
  locationId: string;
  onLocation(id: string): void;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation('appointments');
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    <>
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">{t('book.service')}</legend>
        {services.map((s) => (
          // The label's text is the service's name, in a <bdi> (the rule looks two levels down only).
          // eslint-disable-next-line jsx-a11y/label-has-associated-control
          <label key={s.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50">
            <input type="radio" name="service" value={s.id} className="mt-1 size-4" checked={serviceId === s.id} onChange={() => onService(s.id)} />
            <span className="font-medium text-slate-900">
              <bdi>{s.name}</bdi>
              <span className="block text-sm font-normal text-slate-700">
                {t('book.serviceLine', { minutes: s.durationMinutes, price: isolatePrice(formatMoney(s.priceMinor, s.currency, language)), mode: t(`modes.${s.mode}`) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {locations.length > 1 ? (
        <div className="mt-4">
          <label htmlFor={`${idPrefix}-loc`} className="block text-sm font-medium text-slate-900">
            {t('book.location')}
          </label>
          <select id={`${idPrefix}-loc`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={locationId} onChange={(e) => onLocation(e.target.value)}>
            {locations.map((l) => (
              <option key={l.id} value={l.id} dir="auto">
                {l.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}

/** The visit's reason: optional, at most the API's length. */
export function ReasonField({ value, onChange, hint }: { value: string; onChange(value: string): void; hint: string }) {
  const { t } = useTranslation('appointments');
  return (
    <Field label={t('book.reason')} hint={hint} className="mt-4">
      {({ id, describedBy }) => (
        <textarea id={id} aria-describedby={describedBy} maxLength={REASON_MAX_LENGTH} rows={3} className="w-full rounded-md border border-slate-400 p-3 text-base text-slate-900" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
