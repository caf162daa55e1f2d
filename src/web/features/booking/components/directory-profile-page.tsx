import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectoryProfile } from '~/shared/contracts/practice-profile';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { currentLanguage } from '~/web/lib/i18n';
import { useAuth } from '~/web/lib/session';
import { useOwnProfile } from '../api/practice-profile-api';
import { LocationsManager } from './locations-manager';
import { Badge, PageHeading, QueryState } from './parts';
import { ProfileForm } from './profile-form';
import { ServicesManager } from './services-manager';

const LINK = 'inline-flex min-h-6 items-center font-medium text-teal-800 underline';

/** Where the profile stands with the platform's review: waiting, verified (with the public page), or not approved (with the reason). */
function VerificationPanel({ profile }: { profile: DirectoryProfile }) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  const status = profile.verificationStatus;
  const tone = status === 'verified' ? 'green' : status === 'rejected' ? 'red' : 'amber';
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('directoryProfile.status.heading')}
        </h2>
        <Badge tone={tone}>{t(`directoryProfile.status.${status}`)}</Badge>
      </div>
      <p className="mt-2 text-slate-800">{t(`directoryProfile.status.${status}Body`)}</p>
      {status === 'rejected' && profile.rejectionReason ? <p className="mt-2 text-slate-800">{t('directoryProfile.status.reason', { reason: profile.rejectionReason })}</p> : null}
      {status === 'verified' ? (
        <p className="mt-2">
          <Link to={`/providers/${profile.id}`} className={LINK}>
            {t('directoryProfile.status.viewPublic')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * /provider/profile: the provider's own directory profile (created here when they have none),
 * its verification, the services patients book and the locations they are seen at. Hours stay
 * on /provider/availability.
 */
export function DirectoryProfilePage() {
  const { t, i18n } = useTranslation('appointments');
  const { session } = useAuth();
  const own = useOwnProfile();
  const profile = own.data?.profile ?? null;
  const defaults = { displayName: session?.user.name ?? '', language: currentLanguage(i18n.resolvedLanguage) };
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('directoryProfile.title')} />
      <PageHeading title={t('directoryProfile.title')} intro={t('directoryProfile.intro')}>
        <Link to="/provider/availability" className={`${LINK} text-sm`}>
          {t('directoryProfile.hoursLink')}
        </Link>
      </PageHeading>
      <QueryState pending={own.isPending} error={own.isError ? own.error : null} retry={() => void own.refetch()}>
        {own.data ? (
          <div className="mt-8 space-y-8">
            {profile ? <VerificationPanel profile={profile} /> : null}
            <ProfileForm key={profile?.id ?? 'new'} profile={profile} defaults={defaults} />
            {profile ? (
              <>
                <ServicesManager />
                <LocationsManager region={profile.regionCode} />
              </>
            ) : null}
          </div>
        ) : null}
      </QueryState>
    </div>
  );
}
