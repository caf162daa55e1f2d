import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { isolate } from '~/web/lib/bidi';
import { formatDateTime, userTimeZone, zoneName } from '~/web/lib/dates';
import { useRealtimeEvents } from '~/web/lib/realtime';
import { useAuth } from '~/web/lib/session';
import { useAppointmentConversation, useRefreshMessaging, useStartConversation } from '../api/messaging-api';
import { Composer, type ComposerValue } from './composer';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { NewConversation } from './new-conversation';
import { isMissing, QueryState, useMessagingError } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

/**
 * /messages (the patient's inbox) and /provider/messages (the practice's): the conversations and the
 * selected one. `?conversation=<id>` selects one (`&message=<id>`: at a message the search found);
 * `?appointment=<id>` writes about an appointment; `?new=true` chooses whom to write to ("New
 * message"); `?q=` and `?unread=true` narrow the list.
 */
export function InboxPage({ practice }: { practice: boolean }) {
  const { t } = useTranslation('messages');
  const { session, can } = useAuth();
  // Practice staff on /messages read the practice's words: theirs is not a patient's inbox.
  const staff = practice || can('appointments.manage');
  const zone = userTimeZone(session?.user.timeZone);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  // After the first message about an appointment, the conversation's composer takes the focus.
  const [started, setStarted] = useState<string | null>(null);
  // An appointment chosen under "New message": its first message's box takes the focus.
  const [chosen, setChosen] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  // "New message" pressed here (not a link opened): the panel takes the focus.
  const [opened, setOpened] = useState(false);
  const refresh = useRefreshMessaging();
  // Live updates when the tab's socket hears something (polling covers the rest).
  useRealtimeEvents(() => refresh());
  const appointment = params.get('appointment');
  const selected = params.get('conversation');
  const writing = params.get('new') === 'true';
  const filter = { q: params.get('q') ?? '', unread: params.get('unread') === 'true' };
  const title = staff ? t('page.practiceTitle') : t('page.title');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={title} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-base text-slate-700">{staff ? t('page.practiceIntro') : t('page.intro')}</p>
        </div>
        <Button
          ref={newButton}
          onClick={() => {
            setOpened(true);
            setParams({ new: 'true' });
          }}
        >
          {t('recipients.open')}
        </Button>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-[20rem_minmax(0,1fr)]">
        <ConversationList
          page={page}
          setPage={setPage}
          selected={selected}
          zone={zone}
          filter={filter}
          onFilter={(next) => {
            setPage(1);
            setParams(
              (current) => {
                const out = new URLSearchParams(current);
                if (next.q) out.set('q', next.q);
                else out.delete('q');
                if (next.unread) out.set('unread', 'true');
                else out.delete('unread');
                out.delete('message');
                return out;
              },
              { replace: true },
            );
          }}
        />
        {writing ? (
          <NewConversation
            staff={staff}
            takeFocus={opened}
            zone={zone}
            onChoose={(recipient) => {
              if (recipient.conversationId) {
                setStarted(recipient.conversationId);
                setParams({ conversation: recipient.conversationId });
              } else {
                setChosen(recipient.appointmentId);
                setParams({ appointment: recipient.appointmentId });
              }
            }}
            onClose={() => {
              setParams({}, { replace: true });
              newButton.current?.focus();
            }}
          />
        ) : appointment ? (
          <StartConversation
            key={appointment}
            appointmentId={appointment}
            staff={staff}
            zone={zone}
            focusComposer={chosen === appointment}
            onStarted={(id) => {
              setStarted(id);
              setParams({ conversation: id }, { replace: true });
            }}
            onOpen={(id) => setParams({ conversation: id })}
          />
        ) : selected ? (
          <ConversationView key={selected} id={selected} zone={zone} focusComposer={started === selected} found={params.get('message')} />
        ) : (
          <p className="self-start rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">{t('page.choose')}</p>
        )}
      </div>
    </div>
  );
}

/**
 * "Message about this appointment": to whom and about when, then the first message starts (or
 * continues) the conversation. An appointment that is not one of theirs says so before anything is
 * written, with the way to their appointments.
 */
function StartConversation({
  appointmentId,
  staff,
  zone,
  focusComposer,
  onStarted,
  onOpen,
}: {
  appointmentId: string;
  staff: boolean;
  zone: string;
  /** Reached by choosing whom to write to: the message's box takes the focus once it is there. */
  focusComposer: boolean;
  onStarted(conversationId: string): void;
  onOpen(conversationId: string): void;
}) {
  const { t } = useTranslation('messages');
  const locale = useFormatLocale();
  const about = useAppointmentConversation(appointmentId);
  const start = useStartConversation();
  const errorMessage = useMessagingError();
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const loaded = Boolean(about.data);
  useEffect(() => {
    if (focusComposer && loaded) textarea.current?.focus();
  }, [focusComposer, loaded]);
  async function onSend({ body }: ComposerValue): Promise<boolean> {
    setError(null);
    try {
      const conversation = await start.mutateAsync({ appointmentId, body });
      onStarted(conversation.id);
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    }
  }
  const data = about.data;
  return (
    <section aria-labelledby={headingId} className="self-start rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('start.title')}
      </h2>
      <QueryState pending={about.isPending} error={about.isError ? about.error : null} retry={about.isError && isMissing(about.error) ? undefined : () => void about.refetch()}>
        {data ? (
          <>
            <p className="mt-1 text-sm text-slate-700">
              {t('start.about', { name: isolate(data.with.name), organisation: isolate(data.organisation.name), when: `${formatDateTime(data.startsAt, locale, zone)} (${zoneName(zone, locale, new Date(data.startsAt))})` })}
            </p>
            <p className="mt-1 mb-4 text-sm text-slate-700">
              {data.conversationId ? (
                <>
                  {t('start.continues', { name: isolate(data.with.name) })}{' '}
                  <button type="button" className="inline-flex min-h-6 items-center font-medium text-teal-800 underline" onClick={() => onOpen(data.conversationId!)}>
                    {t('start.open')}
                  </button>
                </>
              ) : (
                t('start.starts', { name: isolate(data.with.name) })
              )}
            </p>
            <Composer label={t('start.label')} withFile={false} pending={start.isPending} error={error} onEdit={() => setError(null)} onSend={onSend} draftKey={`appointment:${appointmentId}`} textareaRef={textarea} />
          </>
        ) : null}
      </QueryState>
      {about.isError && isMissing(about.error) ? (
        <p className="mt-3 text-sm">
          <Link to={staff ? '/provider/appointments' : '/appointments'} className="font-medium text-teal-800 underline">
            {staff ? t('start.practiceAppointments') : t('start.appointments')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
