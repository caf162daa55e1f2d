import { clsx } from 'clsx';
import { Mic, MicOff, MonitorUp, PhoneOff, Video, VideoOff } from 'lucide-react';
import { type Ref, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerFrame } from '~/shared/contracts/realtime';
import type { MediaState, Visit } from '~/shared/contracts/telehealth';
import { Button } from '~/web/components/ui/button';
import { currentLanguage } from '~/web/lib/i18n';
import { useRealtimeFrames } from '~/web/lib/realtime';
import { useIceServers } from '../api/telehealth-api';
import { callStatus, withDeparture, withoutReturned } from '../lib/call-status';
import { savedMediaChoice, saveMediaChoice } from '../lib/media-choice';
import { type RemotePeer, VisitCall } from '../lib/visit-call';
import { LocalVideo } from './device-check';
import { Notice, useTelehealthError } from './parts';
import type { LocalMedia } from './use-local-media';

function enableTrack(track: MediaStreamTrack | null, on: boolean): void {
  if (track) track.enabled = on;
}

const QUALITY_TONE = { good: 'text-emerald-800', fair: 'text-amber-800', poor: 'text-red-700' } as const;

/**
 * One remote person: their video (with sound), name, connection state and quality, and whether
 * they turned their microphone or camera off (said in the caption, which names the tile).
 */
function RemoteTile({ peer, name }: { peer: RemotePeer; name: string }) {
  const { t } = useTranslation('telehealth');
  const ref = useRef<HTMLVideoElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const tracks = peer.stream.getTracks().length;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== peer.stream) video.srcObject = peer.stream;
    video.play().catch(() => {
      // Autoplay with sound refused: play muted, and offer to turn the sound on.
      video.muted = true;
      setSoundBlocked(true);
      void video.play().catch(() => undefined);
    });
  }, [peer.stream, tracks]);
  const hasVideo = peer.stream.getVideoTracks().length > 0;
  const stateText = peer.state === 'connected' ? t('call.states.connected') : peer.state === 'reconnecting' ? t('call.states.reconnecting') : t('call.states.connecting');
  const microphoneOff = peer.media?.audio === false;
  const cameraOff = peer.media?.video === false;
  return (
    <figure className="relative overflow-hidden rounded-xl bg-slate-900">
      <div className="relative">
        {/* A live call has no caption file; the chat beside it is the text channel. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={ref}
          autoPlay
          playsInline
          aria-label={t('call.videoOf', { name })}
          data-connection={peer.state}
          data-user-id={peer.userId}
          data-has-video={hasVideo ? 'true' : 'false'}
          className="aspect-video w-full bg-slate-900 object-contain"
        />
        {cameraOff ? (
          // Over the black picture; the caption says it in words.
          <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-slate-800 text-slate-200">
            <VideoOff className="size-12" />
          </div>
        ) : null}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 bg-slate-950 px-3 py-2 text-sm text-white">
        <bdi className="font-medium">{name}</bdi>
        <span role="status" className="flex flex-wrap items-center gap-x-3">
          <span>{stateText}</span>
          {peer.state === 'connected' && peer.quality ? (
            <span data-quality={peer.quality} className={clsx('rounded bg-white px-1.5 font-medium', QUALITY_TONE[peer.quality])}>
              {t(`call.quality.${peer.quality}`)}
              {peer.rttMs !== null ? <span className="sr-only">{t('call.qualityDetail', { rtt: String(peer.rttMs), loss: String(Math.round((peer.lossPercent ?? 0) * 10) / 10) })}</span> : null}
            </span>
          ) : null}
          {microphoneOff ? (
            <span data-media-off="microphone" className="inline-flex items-center gap-1">
              <MicOff aria-hidden="true" className="size-4" />
              {t('call.remote.microphoneOff')}
            </span>
          ) : null}
          {cameraOff ? (
            <span data-media-off="camera" className="inline-flex items-center gap-1">
              <VideoOff aria-hidden="true" className="size-4" />
              {t('call.remote.cameraOff')}
            </span>
          ) : null}
        </span>
      </figcaption>
      {soundBlocked ? (
        <div className="absolute inset-x-0 top-0 flex justify-center p-2">
          <Button
            size="sm"
            onClick={() => {
              const video = ref.current;
              if (!video) return;
              video.muted = false;
              void video.play().then(() => setSoundBlocked(false)).catch(() => undefined);
            }}
          >
            {t('call.soundOn')}
          </Button>
        </div>
      ) : null}
    </figure>
  );
}

/**
 * The call: everyone else's video, one's own preview, and the controls (microphone, camera,
 * screen sharing, leave). Joins the visit's call on the socket, and again after every reconnect.
 */
export function CallView({
  visit,
  peerId,
  media,
  headingRef,
  onLeave,
  onForbidden,
  onSuperseded,
}: {
  visit: Visit;
  peerId: string;
  media: LocalMedia;
  /** The call's heading (the page moves the focus there when the call opens). */
  headingRef?: Ref<HTMLHeadingElement>;
  onLeave(): void;
  onForbidden(): void;
  /** The person joined this call from another tab or device: this tab lost its place in it. */
  onSuperseded(): void;
}) {
  const { t, i18n } = useTranslation('telehealth');
  const language = currentLanguage(i18n.resolvedLanguage);
  const ice = useIceServers(true);
  const errorMessage = useTelehealthError();
  const headingId = useId();
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  /** Who was in the call with this tab and left (the latest last), until they come back. */
  const [departed, setDeparted] = useState<readonly string[]>([]);
  // A reload joins the call again by itself: it keeps the person's microphone and camera choice.
  const [micOn, setMicOn] = useState(() => savedMediaChoice(visit.appointmentId).microphone);
  const [cameraOn, setCameraOn] = useState(() => savedMediaChoice(visit.appointmentId).camera);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const [screenError, setScreenError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  const call = useRef<VisitCall | null>(null);
  const appointmentId = visit.appointmentId;

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      const current = call.current;
      if (frame.type === 'visit.joined' && frame.appointmentId === appointmentId && frame.peerId === peerId) {
        setJoined(true);
        // Back in the call after this tab's socket dropped: the others may have missed a change.
        current?.announceMedia();
      }
      else if (frame.type === 'visit.peer') current?.handlePeer(frame);
      else if (frame.type === 'visit.signal') current?.handleSignal(frame);
      else if (frame.type === 'error' && frame.code === 'realtime.visit-forbidden') onForbidden();
      // Another tab of this person joined (not this one's own join, heard on the call's topic too).
      else if (frame.type === 'visit.superseded' && frame.appointmentId === appointmentId && frame.peerId !== peerId) onSuperseded();
    },
    [appointmentId, peerId, onForbidden, onSuperseded],
  );
  const channel = useRealtimeFrames(onFrame, (ready) => {
    if (!call.current) return;
    // A new connection: the server forgot this tab's place in the call.
    setJoined(false);
    ready.send({ type: 'visit.join', appointmentId, peerId });
  });

  const iceServers = ice.data?.iceServers;
  const { audioTrack, videoTrack } = media;
  // A reload rejoins while the camera and microphone are still starting: the call waits for them,
  // rather than joining without them and joining again a moment later (which the others would
  // see as this person leaving and coming back, and answer with a second negotiation).
  const mediaSettled = media.status !== 'starting';

  // What the others are told of this tab's microphone and camera: on when it sends sound, and a
  // picture (the camera, or a shared screen).
  const micSent = micOn && audioTrack !== null;
  const videoSent = screen !== null || (cameraOn && videoTrack !== null);
  const mediaState = useRef<MediaState>({ audio: micSent, video: videoSent });
  useEffect(() => {
    mediaState.current = { audio: micSent, video: videoSent };
    call.current?.setMediaState(mediaState.current);
  }, [micSent, videoSent]);

  useEffect(() => {
    if (!iceServers || !mediaSettled) return;
    const instance = new VisitCall({
      appointmentId,
      peerId,
      iceServers: iceServers.map((s) => ({ urls: s.urls, ...(s.username ? { username: s.username } : {}), ...(s.credential ? { credential: s.credential } : {}) })),
      audio: audioTrack,
      video: videoTrack,
      media: mediaState.current,
      send: (frame) => channel.send(frame),
      onChange: (next) => {
        setPeers(next);
        setDeparted((gone) => withoutReturned(gone, next.map((p) => p.userId)));
      },
      onLeft: (userId) => setDeparted((gone) => withDeparture(gone, userId)),
    });
    call.current = instance;
    channel.send({ type: 'visit.join', appointmentId, peerId });
    return () => {
      channel.send({ type: 'visit.leave', appointmentId, peerId });
      instance.close();
      call.current = null;
    };
  }, [iceServers, mediaSettled, appointmentId, peerId, audioTrack, videoTrack, channel]);

  useEffect(() => saveMediaChoice(appointmentId, { microphone: micOn, camera: cameraOn }), [appointmentId, micOn, cameraOn]);
  // The microphone and camera switches act on the tracks themselves (the connection keeps them).
  useEffect(() => enableTrack(audioTrack, micOn), [audioTrack, micOn]);
  useEffect(() => enableTrack(videoTrack, cameraOn), [videoTrack, cameraOn]);

  async function shareScreen() {
    setScreenError(null);
    if (screen) {
      stopSharing(screen);
      return;
    }
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      track.onended = () => stopSharing(track);
      call.current?.setVideoTrack(track);
      setScreen(track);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotAllowedError') return; // the person chose not to share
      setScreenError(t('call.shareFailed'));
    }
  }
  function stopSharing(track: MediaStreamTrack) {
    track.onended = null;
    track.stop();
    call.current?.setVideoTrack(videoTrack);
    setScreen((current) => (current === track ? null : current));
  }
  const screenStream = useMemo(() => (screen ? new MediaStream([screen]) : null), [screen]);
  // A shared screen stops when the call ends.
  useEffect(() => () => screen?.stop(), [screen]);

  const nameOf = (userId: string) => visit.participants.find((p) => p.userId === userId)?.name ?? t('call.someone');
  const status = callStatus({ joined: Boolean(iceServers) && joined, present: peers.map((p) => p.userId), departed });
  const statusText =
    status.kind === 'joining'
      ? t('call.joining')
      : status.kind === 'alone'
        ? t('call.alone')
        : status.kind === 'everyone-left'
          ? t('call.everyoneLeft')
          : status.kind === 'left'
            ? status.userIds.length === 1
              ? t('call.personLeft', { name: nameOf(status.userIds[0] ?? '') })
              : t('call.peopleLeft', { names: new Intl.ListFormat(language, { type: 'conjunction' }).format(status.userIds.map(nameOf)) })
            : '';
  const canShare = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices && 'getDisplayMedia' in navigator.mediaDevices);
  const ownStream = screenStream ?? media.stream;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
        {t('call.title')}
      </h2>
      {ice.isError ? (
        <Notice tone="red" role="alert">
          <p>{errorMessage(ice.error)}</p>
        </Notice>
      ) : null}
      <p role="status" className="text-sm text-slate-700">
        {statusText}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className={clsx('grid gap-4', peers.length > 1 ? 'sm:grid-cols-2' : '')}>
          {peers.map((peer) => (
            <RemoteTile key={peer.peerId} peer={peer} name={nameOf(peer.userId)} />
          ))}
        </div>
        {/* On a phone, the person's own picture is a thumbnail: the other person's fills the screen. */}
        <div className="w-36 sm:w-48 lg:w-auto">
          {ownStream && (screen || (videoTrack && cameraOn)) ? (
            <LocalVideo stream={ownStream} mirrored={!screen} label={screen ? t('call.yourScreen') : t('call.yourVideo')} />
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-800 p-2 text-center text-sm text-white">{t('call.cameraIsOff')}</div>
          )}
          <p className="mt-1 text-sm text-slate-700">{t('call.you', { name: visit.me.name })}</p>
        </div>
      </div>
      {/* Kept in view at the bottom of a small screen, as the call's tiles scroll under them. */}
      <div
        role="group"
        aria-label={t('call.controls')}
        className="sticky bottom-0 z-10 -mx-2 flex flex-wrap gap-2 border-t border-slate-200 bg-white px-2 py-2 lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0"
      >
        <Button variant={micOn ? 'outline' : 'primary'} disabled={!audioTrack} onClick={() => setMicOn(!micOn)}>
          {micOn ? <Mic aria-hidden="true" className="size-4" /> : <MicOff aria-hidden="true" className="size-4" />}
          {micOn ? t('call.mute') : t('call.unmute')}
        </Button>
        <Button variant={cameraOn ? 'outline' : 'primary'} disabled={!videoTrack} onClick={() => setCameraOn(!cameraOn)}>
          {cameraOn ? <Video aria-hidden="true" className="size-4" /> : <VideoOff aria-hidden="true" className="size-4" />}
          {cameraOn ? t('call.cameraOff') : t('call.cameraOn')}
        </Button>
        {canShare ? (
          <Button variant="outline" onClick={() => void shareScreen()}>
            <MonitorUp aria-hidden="true" className="size-4" />
            {screen ? t('call.stopSharing') : t('call.share')}
          </Button>
        ) : null}
        <Button variant="outline" className="border-red-700 text-red-800 hover:bg-red-50" onClick={onLeave}>
          <PhoneOff aria-hidden="true" className="size-4" />
          {t('call.leave')}
        </Button>
      </div>
      {screenError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {screenError}
        </p>
      ) : null}
    </section>
  );
}
