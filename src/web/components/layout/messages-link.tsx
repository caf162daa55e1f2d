import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '~/web/lib/session';
import { useRealtimeEvents } from '~/web/lib/realtime';
import { UNREAD_MESSAGES_QUERY_KEY, useUnreadMessages } from '~/web/lib/unread-messages';

/** The inbox of the signed-in person: the practice's screen for its staff, else their own. */
export function useInboxPath(): string {
  const { can } = useAuth();
  return can('appointments.manage') ? '/provider/messages' : '/messages';
}

/** The header's Messages link with the unread count (visible as a badge, read out as text). */
export function MessagesLink() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const unread = useUnreadMessages();
  const to = useInboxPath();
  const client = useQueryClient();
  // The socket's events (a new message, once the server announces them to the web app; a resync) refresh the count early.
  useRealtimeEvents(() => void client.invalidateQueries({ queryKey: UNREAD_MESSAGES_QUERY_KEY }));
  if (!can('messages.self')) return null;
  return (
    <Link to={to} className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900">
      <MessageSquare aria-hidden="true" className="size-5" />
      <span className="sr-only">
        {t('messaging.link')}
        {unread > 0 ? `, ${t('messaging.unread', { count: unread })}` : ''}
      </span>
      {unread > 0 ? (
        <span aria-hidden="true" data-testid="messages-unread" className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

/** A dashboard's card leading to the inbox, with the unread count. */
export function MessagesSummary({ className }: { className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  const to = useInboxPath();
  const id = useId();
  return (
    <section aria-labelledby={id} className={className ?? 'rounded-xl border border-slate-200 bg-white p-5'}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {t('messaging.link')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{unread > 0 ? t('messaging.unread', { count: unread }) : t('messaging.noUnread')}</p>
      <Link to={to} className="mt-2 inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline">
        {t('messaging.open')}
      </Link>
    </section>
  );
}
