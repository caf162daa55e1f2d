import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Notice, SELECT_CLASS_NAME } from './parts';
import type { LocalMedia } from './use-local-media';

/** Shows a stream in a muted video element (one's own camera or shared screen). */
export function LocalVideo({ stream, label, mirrored = true, className }: { stream: MediaStream | null; label: string; mirrored?: boolean; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      muted
      autoPlay
      playsInline
      className={`${className ?? ''} aspect-video w-full rounded-lg bg-slate-900 object-cover ${mirrored ? '-scale-x-100' : ''}`}
    />
  );
}

/** How loud the microphone is now, 0–100, updated a few times a second. */
function useMicLevel(track: MediaStreamTrack | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    void context.resume().catch(() => undefined);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(100, Math.round(rms * 300)));
    }, 150);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
      setLevel(0);
    };
  }, [track]);
  return level;
}

export function MicLevel({ track }: { track: MediaStreamTrack | null }) {
  const { t } = useTranslation('telehealth');
  const level = useMicLevel(track);
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className="text-sm font-medium text-slate-900">
        {t('devices.level')}
      </p>
      <meter aria-labelledby={labelId} min={0} max={100} low={10} high={80} optimum={50} value={level} className="mt-1 h-3 w-full">
        {level}
      </meter>
      <p className="mt-1 text-sm text-slate-700">{track ? (level > 5 ? t('devices.levelHeard') : t('devices.levelQuiet')) : t('devices.noMicrophone')}</p>
    </div>
  );
}

/**
 * What went wrong with the devices, in plain words, and what to do. `notOpen`: the visit does not
 * open for joining yet, so joining without them is for later.
 */
export function MediaHelp({ media, notOpen = false }: { media: LocalMedia; notOpen?: boolean }) {
  const { t } = useTranslation('telehealth');
  if (media.status === 'starting') {
    return (
      <p role="status" className="text-slate-700">
        {t('devices.starting')}
      </p>
    );
  }
  const missingVideo = media.status === 'ready' && !media.videoTrack;
  const missingAudio = media.status === 'ready' && !media.audioTrack;
  if (media.status === 'ready' && !missingVideo && !missingAudio) return null;
  const problem = media.problem ?? 'not-found';
  return (
    <Notice tone="amber" role="status">
      <p className="font-medium">
        {media.status === 'failed'
          ? t(`devices.problems.${problem}.title`)
          : missingVideo
            ? t('devices.noCamera')
            : t('devices.noMicrophone')}
      </p>
      <p className="mt-1 text-sm">{t(`devices.problems.${problem}.help`)}</p>
      <p className="mt-1 text-sm">{notOpen ? t('devices.canJoinLater') : t('devices.canStillJoin')}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={media.retry}>
        {t('devices.tryAgain')}
      </Button>
    </Notice>
  );
}

/** Choose a camera and microphone, see oneself, and hear the microphone's level (`notOpen`: see MediaHelp). */
export function DeviceCheck({ media, headingRef, notOpen = false }: { media: LocalMedia; headingRef?: Ref<HTMLHeadingElement>; notOpen?: boolean }) {
  const { t } = useTranslation('telehealth');
  const headingId = useId();
  const deviceName = (d: MediaDeviceInfo, i: number, kind: 'camera' | 'microphone') => d.label || t(`devices.unnamed.${kind}`, { n: String(i + 1) });
  // An empty list: the browser may not say which devices there are until it is allowed to use
  // them, so a refusal is not "none found" (the help below says how to allow them).
  const noDevices = media.problem === 'denied' ? t('devices.permissionNeeded') : t('devices.noneFound');
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {t('devices.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('devices.intro')}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          {media.videoTrack ? (
            <LocalVideo stream={media.stream} label={t('devices.preview')} />
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-100 p-4 text-center text-sm text-slate-700">{t('devices.noPreview')}</div>
          )}
        </div>
        <div className="space-y-4">
          <Field label={t('devices.camera')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                className={SELECT_CLASS_NAME}
                value={media.cameraId}
                disabled={media.cameras.length === 0}
                onChange={(e) => media.chooseCamera(e.target.value)}
              >
                {media.cameras.length === 0 ? <option value="">{noDevices}</option> : null}
                {media.cameras.map((d, i) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {deviceName(d, i, 'camera')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('devices.microphone')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                className={SELECT_CLASS_NAME}
                value={media.microphoneId}
                disabled={media.microphones.length === 0}
                onChange={(e) => media.chooseMicrophone(e.target.value)}
              >
                {media.microphones.length === 0 ? <option value="">{noDevices}</option> : null}
                {media.microphones.map((d, i) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {deviceName(d, i, 'microphone')}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <MicLevel track={media.audioTrack} />
        </div>
      </div>
      <div className="mt-4">
        <MediaHelp media={media} notOpen={notOpen} />
      </div>
    </section>
  );
}
