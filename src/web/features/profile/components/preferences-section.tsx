import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguageCode } from '~/shared/languages';
import type { Profile, UpdateProfileRequest } from '~/shared/contracts/profile';
import { REGION_CODES, isRegionCode } from '~/shared/regions';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useUpdateProfile } from '../api/profile-api';
import { regionName } from '../lib/format';
import { effectiveTimeZone, storeTimeZone, storedTimeZone, timeZoneLabel, timeZoneOptions } from '../lib/time-zone';
import { Field, type Outcome, OutcomeMessage, SELECT_CLASS_NAME, SettingsSection } from './settings-ui';

/**
 * Interface language, time zone and region: each saves as soon as it changes. The language also
 * switches the interface at once; the time zone is kept in the browser too ('user-timezone').
 */
export function PreferencesSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // While a change is being saved, the selects show it (not the value it replaces).
  const pending = update.isPending ? update.variables : undefined;
  const language = currentLanguage(i18n.resolvedLanguage);
  const chosenLanguage = pending?.locale ?? language;
  const timeZone = pending?.timeZone ?? effectiveTimeZone(profile.timeZone ?? storedTimeZone());
  const region = pending && 'region' in pending ? pending.region : profile.region;
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const regions = useMemo(
    () =>
      REGION_CODES.map((code) => ({ code, name: regionName(code, language) })).sort((a, b) => a.name.localeCompare(b.name, language)),
    [language],
  );

  function save(changes: UpdateProfileRequest, onSettled?: () => void) {
    setOutcome(null);
    update.mutate(changes, {
      onSuccess: () => setOutcome({ tone: 'success', message: (i) => i.t('profile.preferences.saved') }),
      onError: (error) => setOutcome({ tone: 'error', message: (i) => `${i.t('profile.preferences.failed')}: ${problemMessage(i, error)}` }),
      onSettled,
    });
  }

  function onLanguage(code: string) {
    if (!isLanguageCode(code)) return;
    // Saved, then switched as soon as the answer is in (whatever it is): the interface may suspend
    // while the new language loads, and the result message then follows into that language.
    save({ locale: code }, () => void i18n.changeLanguage(code));
  }

  function onTimeZone(zone: string) {
    storeTimeZone(zone);
    save({ timeZone: zone });
  }

  function onRegion(code: string) {
    save({ region: isRegionCode(code) ? code : null });
  }

  return (
    <SettingsSection title={t('profile.preferences.heading')} description={t('profile.preferences.description')}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('profile.preferences.languageLabel')}>
          {({ id }) => (
            <select id={id} name="locale" className={SELECT_CLASS_NAME} value={chosenLanguage} onChange={(event) => onLanguage(event.target.value)}>
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code} dir={l.dir}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('profile.preferences.regionLabel')}>
          {({ id }) => (
            <select id={id} name="region" className={SELECT_CLASS_NAME} value={region ?? ''} onChange={(event) => onRegion(event.target.value)}>
              <option value="">{t('profile.preferences.regionNone')}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('profile.preferences.timeZoneLabel')} hint={t('profile.preferences.timeZoneHint')} className="sm:col-span-2">
          {({ id, describedBy }) => (
            <select
              id={id}
              name="timeZone"
              dir="ltr"
              className={SELECT_CLASS_NAME}
              value={timeZone}
              aria-describedby={describedBy}
              onChange={(event) => onTimeZone(event.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {timeZoneLabel(zone)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="mt-4 min-h-5">
        {update.isPending ? (
          <p aria-hidden="true" className="text-sm text-slate-700">
            {t('profile.preferences.saving')}
          </p>
        ) : null}
        <OutcomeMessage outcome={outcome} />
      </div>
    </SettingsSection>
  );
}
