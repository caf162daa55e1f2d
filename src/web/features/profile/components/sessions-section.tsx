import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileSession } from '~/shared/contracts/profile';
import { Button } from '~/web/components/ui/button';
import { problemMessage } from '~/web/lib/problem-message';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/profile-api';
import { formatDateTime } from '../lib/format';
import { type Outcome, OutcomeMessage, SettingsSection } from './settings-ui';
import { useFormatLocale } from '~/web/lib/format-locale';

function useDeviceName() {
  const { t } = useTranslation();
  return (session: ProfileSession) =>
    t('profile.sessions.deviceName', {
      browser: session.browser ?? t('profile.sessions.unknownBrowser'),
      os: session.os ?? t('profile.sessions.unknownOs'),
    });
}

/** Where the person is signed in, with a way to end any other session (never the tokens). */
export function SessionsSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const deviceName = useDeviceName();
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  const onError = (error: unknown) => setOutcome({ tone: 'error', message: (i) => problemMessage(i, error) });

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);
  const busy = revoke.isPending || revokeOthers.isPending;

  return (
    <SettingsSection title={t('profile.sessions.heading')} description={t('profile.sessions.description')}>
      {sessions.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          {t('profile.sessions.loading')}
        </p>
      ) : sessions.isError ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>{t('profile.sessions.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            {t('profile.retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-start text-sm">
              <caption className="sr-only">{t('profile.sessions.caption')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-start text-slate-700">
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('profile.sessions.device')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('profile.sessions.ipAddress')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('profile.sessions.signedIn')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('profile.sessions.lastActive')}
                  </th>
                  <th scope="col" className="py-2 pe-4 text-start font-medium">
                    {t('profile.sessions.expires')}
                  </th>
                  <th scope="col" className="py-2 text-start font-medium">
                    {t('profile.sessions.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((session) => (
                  <tr key={session.id} className="border-b border-slate-100 align-middle">
                    <th scope="row" className="py-3 pe-4 text-start font-medium text-slate-900">
                      {deviceName(session)}
                    </th>
                    <td className="py-3 pe-4 text-slate-800">
                      <bdi>{session.ipAddress ?? t('profile.sessions.unknownIp')}</bdi>
                    </td>
                    <td className="py-3 pe-4 text-slate-800">{when(session.createdAt)}</td>
                    <td className="py-3 pe-4 text-slate-800">{when(session.lastSeenAt)}</td>
                    <td className="py-3 pe-4 text-slate-800">{when(session.expiresAt)}</td>
                    <td className="py-3">
                      {session.current ? (
                        <span className="inline-flex rounded-full bg-teal-50 px-2.5 py-1 text-xs font-semibold text-teal-900">
                          {t('profile.sessions.current')}
                        </span>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          busy={busy}
                          aria-label={t('profile.sessions.revokeLabel', { device: deviceName(session), date: when(session.createdAt) })}
                          onClick={() => {
                            setOutcome(null);
                            revoke.mutate(session.id, {
                              onSuccess: () => setOutcome({ tone: 'success', message: (i) => i.t('profile.sessions.revoked') }),
                              onError,
                            });
                          }}
                        >
                          {t('profile.sessions.revoke')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {others.length > 0 ? (
            <Button
              variant="outline"
              busy={busy}
              onClick={() => {
                setOutcome(null);
                revokeOthers.mutate(undefined, {
                  onSuccess: () => setOutcome({ tone: 'success', message: (i) => i.t('profile.sessions.revokedOthers') }),
                  onError,
                });
              }}
            >
              {t('profile.sessions.revokeOthers')}
            </Button>
          ) : (
            <p className="text-sm text-slate-700">{t('profile.sessions.noOthers')}</p>
          )}
        </div>
      )}
      <OutcomeMessage outcome={outcome} className="mt-3" />
    </SettingsSection>
  );
}
