import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DirectoryProfile } from '~/shared/contracts/practice-profile';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { formatDate, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { useOwnProfile, useResubmitProfile } from '../api/practice-profile-api';
import { LocationsManager } from './locations-manager';
import { Badge, PageHeading, QueryState } from './parts';
import { ProfileForm } from './profile-form';
import { ServicesManager } from './services-manager';

const LINK = 'inline-flex min-h-6 items-center font-medium text-teal-800 underline';

/**
 * Where the profile stands with the platform's review: waiting, verified (with the public page),
 * or not approved (with the reviewer's reason and a way to send it for review again).
 */
function VerificationPanel({ profile }: { profile: DirectoryProfile }) {
  const { t, i18n } = useTranslation('appointments');
  const { session } = useAuth();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const resubmit = useResubmitProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const status = profile.verificationStatus;
  const tone = status === 'verified' ? 'green' : status === 'rejected' ? 'red' : 'amber';

  function sendForReview() {
    setFailure(null);
    resubmit.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('directoryProfile.status.resubmitted'));
        // The button is gone: keep the keyboard where the new state is read.
        heading.current?.focus();
      },
      onError: (error) => setFailure(problemMessage(i18n, error)),
    });
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          {t('directoryProfile.status.heading')}
        </h2>
        <Badge tone={tone}>{t(`directoryProfile.status.${status}`)}</Badge>
      </div>
      <p className="mt-2 text-slate-800">{t(`directoryProfile.status.${status}Body`)}</p>
      {status === 'rejected' ? (
        <>
          {profile.rejectionReason ? (
            <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4">
              <p className="text-sm font-semibold text-red-900">{t('directoryProfile.status.reasonLabel')}</p>
              <p className="mt-1 whitespace-pre-line text-slate-900">
                <bdi>{profile.rejectionReason}</bdi>
              </p>
              {profile.reviewedAt ? (
                <p className="mt-1 text-sm text-slate-700">
                  {t('directoryProfile.status.reviewedOn', { date: formatDate(profile.reviewedAt, currentLanguage(i18n.resolvedLanguage), userTimeZone(session?.user.timeZone)) })}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="button" busy={resubmit.isPending} onClick={sendForReview}>
              {resubmit.isPending ? t('directoryProfile.status.resubmitting') : t('directoryProfile.status.resubmit')}
            </Button>
            <p className="text-sm text-slate-700">{t('directoryProfile.status.resubmitHint')}</p>
          </div>
        </>
      ) : null}
      <p role="alert" className={failure ? 'mt-3 text-sm font-medium text-red-700' : 'sr-only'}>
        {failure}
      </p>
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
export function DirectoryProfilePage({ photo }: { photo?: ReactNode }) {
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
            {profile ? photo : null}
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
