import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { useProfile } from '../api/profile-api';
import { effectiveTimeZone, storedTimeZone } from '../lib/time-zone';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { PreferencesSection } from './preferences-section';
import { ProfileDetails } from './profile-details';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** /profile, labelled Settings in the header (spec §2): profile, preferences, security, sessions. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('profile.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('profile.title')}</h1>
      <p className="mt-2 text-base text-slate-700">{t('profile.intro')}</p>
      <div className="mt-8">
        {profile.isPending ? (
          <p role="status" className="text-slate-700">
            {t('profile.loading')}
          </p>
        ) : profile.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-red-700">{t('profile.loadFailed')}</p>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          </div>
        ) : (
          <div className="space-y-6">
            <ProfileDetails profile={profile.data} />
            <PreferencesSection profile={profile.data} />
            <EmailSection email={profile.data.email} />
            <PasswordSection email={profile.data.email} />
            <TwoFactorSection profile={profile.data} />
            <SessionsSection timeZone={effectiveTimeZone(profile.data.timeZone ?? storedTimeZone())} />
          </div>
        )}
      </div>
    </div>
  );
}
