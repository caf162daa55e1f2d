import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/web/lib/api-error';
import { problemMessage } from '~/web/lib/problem-message';
import { QueryState as SharedQueryState } from '~/web/components/ui/query-state';

export const LINK_CLASS_NAME = 'inline-flex min-h-6 items-center font-medium text-teal-800 underline';
export const SELECT_CLASS_NAME = 'h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900';

type ErrorKey =
  | 'errors.notFound'
  | 'errors.notOpen'
  | 'errors.ended'
  | 'errors.unavailable'
  | 'errors.providerOnly'
  | 'errors.guestLimit'
  | 'errors.alreadyInvited'
  | 'errors.notWaiting'
  | 'errors.inviteSelf'
  | 'errors.alreadyParticipant'
  | 'errors.notAdmitted'
  | 'errors.wrongOrganisation';

/** Telehealth's own messages, by the server's problem code. */
const TELEHEALTH_ERRORS: Record<string, ErrorKey> = {
  'visit.not-found': 'errors.notFound',
  'visit.not-open': 'errors.notOpen',
  'visit.ended': 'errors.ended',
  'visit.unavailable': 'errors.unavailable',
  'visit.provider-only': 'errors.providerOnly',
  'visit.too-many-guests': 'errors.guestLimit',
  'visit.already-invited': 'errors.alreadyInvited',
  'visit.participant-not-found': 'errors.notWaiting',
  'visit.invite-self': 'errors.inviteSelf',
  'visit.already-participant': 'errors.alreadyParticipant',
  'visit.not-admitted': 'errors.notAdmitted',
  'visit.wrong-organisation': 'errors.wrongOrganisation',
};

/** The message for a failed telehealth call: ours by code, else the app's by code. */
export function useTelehealthError(): (error: unknown) => string {
  const { t, i18n } = useTranslation('telehealth');
  return (error) => {
    if (error instanceof ApiError) {
      const key = TELEHEALTH_ERRORS[error.code];
      if (key) return t(key);
      if (error.status === 404) return t('errors.notFound');
    }
    return problemMessage(i18n, error);
  };
}

/** Loading, failed (with retry, in the visits' words for their codes) or the content. */
export function QueryState(props: { pending: boolean; error: unknown; retry?: () => void; children: ReactNode }) {
  return <SharedQueryState {...props} describe={useTelehealthError()} />;
}

export function Panel({ labelledBy, className, children }: { labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={labelledBy} className={clsx('rounded-xl border border-slate-200 bg-white p-4 sm:p-5', className)}>
      {children}
    </section>
  );
}

export function Notice({ tone = 'slate', children, role }: { tone?: 'slate' | 'amber' | 'teal' | 'red'; children: ReactNode; role?: 'status' | 'alert' }) {
  const tones = {
    slate: 'border-slate-200 bg-slate-50 text-slate-900',
    amber: 'border-amber-200 bg-amber-50 text-amber-950',
    teal: 'border-teal-200 bg-teal-50 text-teal-950',
    red: 'border-red-200 bg-red-50 text-red-900',
  };
  return (
    <div role={role} className={clsx('rounded-xl border p-4', tones[tone])}>
      {children}
    </div>
  );
}
