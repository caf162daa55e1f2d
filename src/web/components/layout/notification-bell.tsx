import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type NotificationList, NotificationListSchema } from '~/shared/contracts/notifications';
import { FocusKeeper } from '~/web/components/ui/focus-keeper';
import { apiFetch } from '~/web/lib/api-client';
import { formatDateTime, userTimeZone } from '~/web/lib/dates';
import { useRealtimeEvents } from '~/web/lib/realtime';
import { useAuth } from '~/web/lib/session';
import { notificationLink, notificationMessageKey } from './notification-link';
import { useFormatLocale } from '~/web/lib/format-locale';

const KEY = ['notifications'] as const;
/**
 * New notifications arrive live over the tab's WebSocket; this slow poll is only the fallback
 * for when the socket is down (a proxy without WebSockets, a long reconnect).
 */
const POLL_MS = 60_000;

type Pages = InfiniteData<NotificationList, string | null>;

/** Marks read, in every page loaded, those `read` names (all when null), and sets the unread count. */
function markLoaded(client: QueryClient, read: string | null, unread: (old: number) => number) {
  const at = new Date().toISOString();
  client.setQueryData<Pages>(KEY, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            unread: Math.max(0, unread(page.unread)),
            notifications: page.notifications.map((n) => (n.readAt || (read !== null && n.id !== read) ? n : { ...n, readAt: at })),
          })),
        }
      : old,
  );
}

/**
 * The header's bell: unread count, the notifications a page at a time (newest first, "Show
 * earlier" for the next), mark-all-read; opening one marks it read.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { session, can } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const client = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.event === 'notification' || event.event === 'resync') void client.invalidateQueries({ queryKey: KEY });
  });
  const list = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam, signal }) => apiFetch(`/api/v1/notifications${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { schema: NotificationListSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.more ? (last.notifications.at(-1)?.id ?? null) : null),
    refetchInterval: POLL_MS,
  });
  const markAll = useMutation({
    mutationFn: () => apiFetch('/api/v1/notifications/read-all', { method: 'POST', body: {}, schema: NotificationListSchema }),
    onSuccess: (data) => markLoaded(client, null, () => data.unread),
  });
  const markOne = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', body: {}, schema: NotificationListSchema }),
    // At once: the panel closes as the link is followed, and the count drops without waiting.
    onMutate: (id) => markLoaded(client, id, (old) => old - 1),
    onSuccess: (data, id) => markLoaded(client, id, () => data.unread),
    onError: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  /** After Show earlier: the index of the first earlier one, which takes the focus once it is shown (the button may be gone). */
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || items.length <= index) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('a[href]')[index]?.focus();
  }, [items.length]);
  const showEarlier = () => {
    if (list.isFetchingNextPage) return;
    focusFrom.current = items.length;
    void list.fetchNextPage();
  };
  const unread = list.data?.pages[0]?.unread ?? 0;
  const practice = can('appointments.manage');
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Popover.Root>
      <Popover.Trigger
        className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        aria-label={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.label')}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span aria-hidden="true" className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-80 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
          <div className="flex items-center justify-between gap-2">
            <h2 ref={headingRef} className="text-sm font-semibold text-slate-900">
              {t('notifications.title')}
            </h2>
            {unread > 0 ? (
              // Once all are read the button goes: the keyboard goes to the panel's heading, not the page's body.
              <FocusKeeper fallback={() => headingRef.current}>
                <button
                  type="button"
                  className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline aria-disabled:cursor-progress"
                  // Busy, not disabled, while marking: a disabled button would drop the focus to the page's body.
                  aria-disabled={markAll.isPending || undefined}
                  onClick={() => {
                    if (!markAll.isPending) markAll.mutate();
                  }}
                >
                  {t('notifications.markAll')}
                </button>
              </FocusKeeper>
            ) : null}
          </div>
          {list.isError && items.length === 0 ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {t('notifications.loadFailed')}
            </p>
          ) : items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">{t('notifications.empty')}</p>
          ) : (
            <div className="mt-2 max-h-96 overflow-y-auto">
              <ul ref={listRef} className="divide-y divide-slate-100">
                {items.map((n) => (
                  <li key={n.id} className="py-2">
                    <Popover.Close asChild>
                      <Link
                        to={notificationLink(n, practice, zone)}
                        className="block rounded-md p-1 text-sm text-slate-900 hover:bg-slate-50"
                        onClick={() => {
                          if (!n.readAt) markOne.mutate(n.id);
                        }}
                      >
                        {n.readAt ? null : (
                          <>
                            <span className="me-1 inline-block size-2 rounded-full bg-teal-700" aria-hidden="true" />
                            <span className="sr-only">{t('notifications.unreadItem')} </span>
                          </>
                        )}
                        {t(notificationMessageKey(n), {
                          patient: n.data.patient ?? '',
                          provider: n.data.provider ?? '',
                          service: n.data.service ?? '',
                          when: n.data.startsAt ? formatDateTime(n.data.startsAt, locale, zone) : '',
                          reason: n.data.reason ?? '',
                        })}
                        <span className="mt-0.5 block text-xs text-slate-700">{formatDateTime(n.createdAt, locale, zone)}</span>
                      </Link>
                    </Popover.Close>
                  </li>
                ))}
              </ul>
              {list.isFetchNextPageError ? (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {t('notifications.earlierFailed')}
                </p>
              ) : null}
              {list.hasNextPage ? (
                <button
                  type="button"
                  className="mt-2 inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline aria-disabled:cursor-progress"
                  // Busy, not disabled, while loading: a disabled button would drop the focus to the page's body.
                  aria-disabled={list.isFetchingNextPage || undefined}
                  onClick={showEarlier}
                >
                  {t('notifications.earlier')}
                </button>
              ) : null}
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
