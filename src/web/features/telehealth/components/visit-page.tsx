import { type Ref, type RefObject, useCallback, useEffect, useEffectEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isOpenAppointmentStatus } from '~/shared/appointments';
import { type Visit, visitPhase } from '~/shared/contracts/telehealth';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { ApiError } from '~/web/lib/api-error';
import { formatDateTime, formatTime, userTimeZone, zoneName } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useRealtimeEvents, useRealtimeFrames } from '~/web/lib/realtime';
import { useAuth } from '~/web/lib/session';
import { useNow } from '~/web/lib/use-now';
import { useJoinVisit, useLeaveVisit, useRefreshTelehealth, useVisit } from '../api/telehealth-api';
import { formatTimeUntil, timeUntil } from '../lib/format';
import { newPeerId } from '../lib/peers';
import { markInCall, wasInCall } from '../lib/rejoin';
import { CallView } from './call-view';
import { ChatPanel, ChatTranscript } from './chat-panel';
import { DeviceCheck, LocalVideo, MediaHelp } from './device-check';
import { Notice, QueryState, useTelehealthError } from './parts';
import { EndVisit, ErrorLine, InviteForm, useConfirmedEnd, WaitingList } from './provider-panel';
import { useLocalMedia } from './use-local-media';
import { useStageFocus } from './use-stage-focus';
import { useFormatLocale } from '~/web/lib/format-locale';

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (assumed while rendering on the server). */
function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, () => navigator.onLine, () => true);
}

/**
 * While the waiting room is on screen this tab's socket tells the server the person is here
 * (`visit.presence`), again after every reconnect; when it goes away (or the tab closes) they are
 * gone after the server's grace. In the call, `visit.join` does the same.
 */
function useWaitingPresence(appointmentId: string) {
  const channel = useRealtimeFrames(
    () => {},
    (ready) => {
      ready.send({ type: 'visit.presence', appointmentId, present: true });
    },
  );
  useEffect(() => () => void channel.send({ type: 'visit.presence', appointmentId, present: false }), [channel, appointmentId]);
}

function WaitingRoom({ visit, back, media, headingRef }: { visit: Visit; back: string; media: ReturnType<typeof useLocalMedia>; headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation('telehealth');
  const headingId = useId();
  const navigate = useNavigate();
  const leave = useLeaveVisit(visit.appointmentId);
  useWaitingPresence(visit.appointmentId);
  async function onLeave() {
    // Gone from the provider's list now; the socket's presence would say so only after the grace.
    await leave.mutateAsync().catch(() => undefined);
    await navigate(back);
  }
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby={headingId} className="rounded-xl border border-teal-200 bg-teal-50 p-5">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          {t('waiting.title')}
        </h2>
        <p role="status" className="mt-2 text-slate-900">
          {t('waiting.body', { provider: visit.providerName })}
        </p>
        <p className="mt-2 text-sm text-slate-700">{t('waiting.help')}</p>
        <Button variant="outline" size="sm" className="mt-4" busy={leave.isPending} onClick={() => void onLeave()}>
          {leave.isPending ? t('waiting.leaving') : t('waiting.leave')}
        </Button>
      </section>
      <div>
        {media.videoTrack ? <LocalVideo stream={media.stream} label={t('devices.preview')} /> : null}
        <div className="mt-3">
          <MediaHelp media={media} />
        </div>
      </div>
    </div>
  );
}

/** /appointments/telehealth/:appointmentId: device check, waiting room and the call. */
export function VisitPage({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation('telehealth');
  const { pathname } = useLocation();
  const visit = useVisit(appointmentId);
  const refresh = useRefreshTelehealth();
  const online = useBrowserOnline();
  useRealtimeEvents((event) => {
    if (event.event === 'resync' || (event.event === 'visit' && event.data.appointmentId === appointmentId)) refresh(appointmentId);
  });
  if (visit.isError && visit.error instanceof ApiError && visit.error.status === 404) return <NotFoundContent pathname={pathname} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {/* A failed refresh of a visit already shown (the network dropped) keeps the page, and the call in it. */}
      <QueryState pending={visit.isPending} error={visit.isError && !visit.data ? visit.error : null} retry={() => void visit.refetch()}>
        {visit.data ? <VisitContent visit={visit.data} refetch={() => void visit.refetch()} connectionLost={!online || visit.isError} /> : <DocumentTitle title={t('page.title')} />}
      </QueryState>
    </div>
  );
}

function VisitHeader({ visit, zone, connectionLost = false }: { visit: Visit; zone: string; connectionLost?: boolean }) {
  const { t } = useTranslation('telehealth');
  const locale = useFormatLocale();
  const provider = visit.me.role === 'provider';
  return (
    <header>
      <DocumentTitle title={t('page.titleWith', { service: visit.serviceName })} />
      <p className="text-sm font-medium text-teal-800">{t('page.title')}</p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{visit.serviceName}</h1>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-slate-700">{provider ? t('page.patient') : t('page.provider')}</dt>
        <dd className="text-slate-900">
          <bdi>{provider ? visit.patientName : visit.providerName}</bdi> · <bdi>{visit.organisation.name}</bdi>
        </dd>
        <dt className="text-slate-700">{t('page.when')}</dt>
        <dd className="text-slate-900">
          <time dateTime={visit.startsAt}>{formatDateTime(visit.startsAt, locale, zone)}</time>–<time dateTime={visit.endsAt}>{formatTime(visit.endsAt, locale, zone)}</time>
          <span className="block text-slate-700">{t('page.zone', { zone: zoneName(zone, locale, new Date(visit.startsAt)) })}</span>
        </dd>
      </dl>
      {connectionLost ? (
        <div className="mt-4">
          <Notice tone="amber" role="status">
            <p className="font-medium">{t('page.connectionLost')}</p>
            <p className="mt-1 text-sm">{t('page.connectionLostHelp')}</p>
          </Notice>
        </div>
      ) : null}
    </header>
  );
}

/** `elsewhere`: the person joined the call from another tab or device, which took this tab's place. */
type Stage = 'setup' | 'joined' | 'left' | 'elsewhere';

/** The way back from a visit's page: the provider's day of visits, the patient's appointments. */
function BackToList({ to, provider }: { to: string; provider: boolean }) {
  const { t } = useTranslation('telehealth');
  return (
    <ButtonLink variant="outline" size="sm" to={to}>
      {provider ? t('page.backToVisits') : t('page.backToAppointments')}
    </ButtonLink>
  );
}

/** Why joining the call failed, announced at once. */
function JoinError({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={['text-sm font-medium text-red-700', className].filter(Boolean).join(' ')}>
      {message}
    </p>
  );
}

/** The complete action of an ended visit's page (the provider's): it asks first, as the call's does. */
function CompleteAppointment({ visit, heading }: { visit: Visit; heading: RefObject<HTMLHeadingElement | null> }) {
  const { t } = useTranslation('telehealth');
  const { asking, setAsking, error, confirm, pending } = useConfirmedEnd(visit.appointmentId);
  // Completed, the button goes away once the visit is read again, well after the dialog gave the
  // focus back to it: then (on unmount) the focus moves on to the stage's heading.
  const completed = useRef(false);
  useEffect(
    () => () => {
      if (completed.current) heading.current?.focus();
    },
    [heading],
  );
  return (
    <>
      <Button size="sm" busy={pending} onClick={() => setAsking('complete')}>
        {pending ? t('phase.completing') : t('phase.complete')}
      </Button>
      <ErrorLine error={error} />
      <ConfirmDialog
        open={asking === 'complete'}
        onOpenChange={(open) => setAsking(open ? 'complete' : null)}
        title={t('phase.completeTitle')}
        description={t('phase.completeBody', { patient: visit.patientName })}
        confirmLabel={t('phase.completeConfirm')}
        cancelLabel={t('phase.completeCancel')}
        pending={pending}
        onConfirm={() =>
          confirm(() => {
            completed.current = true;
          })
        }
      />
    </>
  );
}

function VisitContent({ visit, refetch, connectionLost }: { visit: Visit; refetch(): void; connectionLost: boolean }) {
  const { t, i18n } = useTranslation('telehealth');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const now = useNow(10_000);
  const [stage, setStage] = useState<Stage>('setup');
  const [peerId, setPeerId] = useState(() => newPeerId());
  const join = useJoinVisit(visit.appointmentId);
  const leave = useLeaveVisit(visit.appointmentId);
  const errorMessage = useTelehealthError();
  const [joinError, setJoinError] = useState<string | null>(null);
  const phase = visit.phase;
  const open = phase === 'open';
  // Before the visit opens, the camera and microphone can be tried at any time (asked for only then).
  const [testing, setTesting] = useState(false);
  // Left, or in the call from another tab: the camera and microphone are let go.
  const media = useLocalMedia((open || (phase === 'not-open' && testing)) && stage !== 'left' && stage !== 'elsewhere');
  const provider = visit.me.role === 'provider';
  const admitted = visit.me.state === 'admitted';
  const back = provider ? '/provider/telehealth' : '/appointments';
  // Each stage's heading takes the focus when the page moves to it (the control pressed is gone).
  const view = phase === 'ended' || phase === 'unavailable' ? 'ended' : phase === 'not-open' ? 'not-open' : stage === 'joined' ? (admitted ? 'call' : 'waiting') : stage;
  const stageHeading = useStageFocus(view);

  // The window opens (or closes) while the page is open: ask the server again.
  const opensAt = new Date(visit.joinOpensAt);
  const localPhase = visitPhase({ mode: visit.mode, status: visit.status, startsAt: new Date(visit.startsAt), endsAt: new Date(visit.endsAt), endedAt: visit.endedAt ? new Date(visit.endedAt) : null, now });
  const changed = phase !== 'ended' && phase !== 'unavailable' && localPhase !== phase && localPhase !== 'unavailable';
  useEffect(() => {
    if (changed) refetch();
  }, [changed, refetch]);
  // Once the start has passed the provider may complete the appointment: ask the server.
  const startPassed = provider && now.getTime() >= new Date(visit.startsAt).getTime();
  useEffect(() => {
    if (startPassed) refetch();
  }, [startPassed, refetch]);
  const onForbidden = useCallback(() => refetch(), [refetch]);
  // The call (its connection, media and chat) goes; the other tab is the one a reload rejoins.
  const onSuperseded = useCallback(() => setStage('elsewhere'), []);

  async function onJoin() {
    setJoinError(null);
    await joinCall();
  }
  async function joinCall() {
    try {
      await join.mutateAsync();
      markInCall(visit.appointmentId, true);
      setStage('joined');
    } catch (error) {
      markInCall(visit.appointmentId, false);
      setJoinError(errorMessage(error));
      refetch();
    }
  }
  // A reload of a tab that was in the call goes straight back in (when the page can first join;
  // a failure leaves the device check and its message). Ended or left, the tab forgets it.
  const rejoin = useEffectEvent(() => {
    if (wasInCall(visit.appointmentId)) void joinCall();
  });
  const canJoin = open && stage === 'setup';
  useEffect(() => {
    if (canJoin) rejoin();
  }, [canJoin]);
  const over = phase === 'ended' || phase === 'unavailable' || stage === 'left' || stage === 'elsewhere';
  useEffect(() => {
    if (over) markInCall(visit.appointmentId, false);
  }, [over, visit.appointmentId]);
  // Leaving the page inside the app (the waiting room's "Leave", a link) is leaving the call: coming
  // back starts at the device check. A reload unmounts nothing, so it keeps the mark.
  useEffect(() => () => markInCall(visit.appointmentId, false), [visit.appointmentId]);

  if (phase === 'not-open') {
    const until = timeUntil(opensAt, now);
    return (
      <>
        <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
        <div className="mt-6">
          <Notice tone="teal" role="status">
            <p className="font-medium">{t('phase.notOpen', { time: formatDateTime(opensAt, locale, zone) })}</p>
            <p className="mt-1 text-sm">{until ? t('phase.opensIn', { when: formatTimeUntil(until, language) }) : t('phase.opening')}</p>
            <p className="mt-1 text-sm">{t('phase.notOpenHelp')}</p>
            <div className="mt-3">
              <Button size="sm" variant="outline" aria-expanded={testing} onClick={() => setTesting(!testing)}>
                {testing ? t('phase.stopTest') : t('phase.testDevices')}
              </Button>
            </div>
          </Notice>
          {testing ? (
            <div className="mt-6">
              <DeviceCheck media={media} notOpen />
            </div>
          ) : null}
        </div>
      </>
    );
  }
  if (phase === 'ended' || phase === 'unavailable') {
    // Ended by itself once empty, the appointment still on: its provider can start it again, and
    // the others' page opens when they do (it hears the visit's events).
    const closed = phase === 'ended' && visit.reopenable;
    const title = phase === 'unavailable' ? t('phase.unavailable') : closed ? t('phase.closed') : t('phase.ended');
    // An in-person appointment was never a video visit: say where it is held instead.
    const inPerson = phase === 'unavailable' && visit.mode === 'in_person' && isOpenAppointmentStatus(visit.status);
    const help =
      phase === 'unavailable'
        ? inPerson
          ? t('phase.inPersonHelp')
          : t('phase.unavailableHelp')
        : closed
          ? provider
            ? t('phase.closedHelpProvider')
            : t('phase.closedHelp')
          : provider
            ? t('phase.endedHelpProvider')
            : t('phase.endedHelp');
    // A visit that took place (or was ended): its chat, if anything was written.
    const transcript = (provider || visit.me.role === 'patient') && (phase === 'ended' || visit.startedAt !== null || visit.endedAt !== null);
    return (
      <>
        <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
        <div className="mt-6">
          <Notice tone={phase === 'ended' ? 'slate' : 'amber'} role="status">
            <h2 ref={stageHeading} tabIndex={-1} className="font-medium outline-none">
              {title}
            </h2>
            <p className="mt-1 text-sm">{help}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {provider && phase === 'ended' && visit.canComplete ? <CompleteAppointment visit={visit} heading={stageHeading} /> : null}
              {provider && phase === 'ended' && !closed ? (
                // What the help above says: to reach the patient, send them a message (about this appointment).
                <ButtonLink variant="outline" size="sm" to={`/provider/messages?appointment=${encodeURIComponent(visit.appointmentId)}`}>
                  {t('phase.messagePatient')}
                  <span className="sr-only">: {visit.patientName}</span>
                </ButtonLink>
              ) : null}
              {!provider && phase === 'ended' && !closed ? (
                // What the help above says: the patient can send the practice a message (about this appointment).
                <ButtonLink variant="outline" size="sm" to={`/messages?appointment=${encodeURIComponent(visit.appointmentId)}`}>
                  {t('phase.messagePractice')}
                  <span className="sr-only">: {visit.providerName}</span>
                </ButtonLink>
              ) : null}
              {closed && provider ? (
                <Button size="sm" busy={join.isPending} onClick={() => void onJoin()}>
                  {join.isPending ? t('join.joining') : t('phase.startAgain')}
                </Button>
              ) : null}
              <BackToList to={back} provider={provider} />
            </div>
          </Notice>
          <JoinError message={joinError} className="mt-3" />
          {/* What was written in the call stays readable for the patient and the provider (a guest's part of the visit is over). */}
          {transcript ? (
            <div className="mt-6 max-w-2xl">
              <ChatTranscript appointmentId={visit.appointmentId} zone={zone} />
            </div>
          ) : null}
        </div>
      </>
    );
  }

  if (stage === 'left') {
    return (
      <>
        <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
        <div className="mt-6">
          <Notice role="status">
            <h2 ref={stageHeading} tabIndex={-1} className="font-medium outline-none">
              {t('left.title')}
            </h2>
            <p className="mt-1 text-sm">{provider ? t('left.bodyProvider') : t('left.body')}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => {
                  media.retry();
                  setStage('setup');
                }}
              >
                {t('left.rejoin')}
              </Button>
              <BackToList to={back} provider={provider} />
            </div>
          </Notice>
        </div>
      </>
    );
  }

  if (stage === 'elsewhere') {
    return (
      <>
        <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
        <div className="mt-6">
          <Notice tone="amber" role="status">
            <h2 ref={stageHeading} tabIndex={-1} className="font-medium outline-none">
              {t('elsewhere.title')}
            </h2>
            <p className="mt-1 text-sm">{t('elsewhere.body')}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                busy={join.isPending}
                onClick={() => {
                  // A new tab in the call as far as the others know: a new peer id, which takes
                  // the place back from the other tab (told in turn).
                  setJoinError(null);
                  media.retry();
                  setPeerId(newPeerId());
                  void joinCall();
                }}
              >
                {join.isPending ? t('join.joining') : t('elsewhere.takeBack')}
              </Button>
              <BackToList to={back} provider={provider} />
            </div>
          </Notice>
          <JoinError message={joinError} className="mt-3" />
        </div>
      </>
    );
  }

  if (stage === 'joined' && admitted) {
    return (
      <>
        <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
        <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-4">
            <CallView visit={visit} peerId={peerId} media={media} headingRef={stageHeading} onLeave={() => {
                leave.mutate();
                setStage('left');
              }} onForbidden={onForbidden} onSuperseded={onSuperseded} />
            {provider ? <EndVisit visit={visit} /> : null}
          </div>
          <div className="space-y-4">
            {provider ? <WaitingList visit={visit} zone={zone} /> : null}
            <ChatPanel appointmentId={visit.appointmentId} zone={zone} />
            {provider ? <InviteForm visit={visit} /> : null}
          </div>
        </div>
      </>
    );
  }

  if (stage === 'joined') {
    return (
      <>
        <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
        <WaitingRoom visit={visit} back={back} media={media} headingRef={stageHeading} />
      </>
    );
  }

  return (
    <>
      <VisitHeader visit={visit} zone={zone} connectionLost={connectionLost} />
      <div className="mt-6 space-y-4">
        <DeviceCheck media={media} headingRef={stageHeading} />
        <div className="flex flex-wrap items-center gap-3">
          <Button size="lg" busy={join.isPending} onClick={() => void onJoin()}>
            {join.isPending ? t('join.joining') : provider ? t('join.start') : t('join.join')}
          </Button>
          <p className="text-sm text-slate-700">{provider ? t('join.providerHelp') : admitted ? t('join.rejoinHelp') : t('join.patientHelp')}</p>
        </div>
        <JoinError message={joinError} />
      </div>
    </>
  );
}
