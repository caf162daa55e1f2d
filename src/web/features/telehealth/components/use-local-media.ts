import { useCallback, useEffect, useRef, useState } from 'react';
import { type MediaProblem, mediaProblem, worthFallingBack } from '../lib/media-errors';

export interface LocalMedia {
  status: 'starting' | 'ready' | 'failed';
  /** The camera and microphone stream (either may be missing: see `problem`). */
  stream: MediaStream | null;
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  /** Why a camera or microphone is missing, when one is. */
  problem: MediaProblem | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  cameraId: string;
  microphoneId: string;
  chooseCamera(id: string): void;
  chooseMicrophone(id: string): void;
  /** Asks for the devices again (after the person changed a permission, or to start again). */
  retry(): void;
}

interface Loaded {
  key: string;
  stream: MediaStream | null;
  problem: MediaProblem | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

function stop(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

async function open(constraints: MediaStreamConstraints): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new TypeError('getUserMedia is not available');
  return navigator.mediaDevices.getUserMedia(constraints);
}

async function devices(): Promise<{ cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }> {
  try {
    const all = await navigator.mediaDevices.enumerateDevices();
    return { cameras: all.filter((d) => d.kind === 'videoinput' && d.deviceId), microphones: all.filter((d) => d.kind === 'audioinput' && d.deviceId) };
  } catch {
    return { cameras: [], microphones: [] };
  }
}

/**
 * The person's camera and microphone while `active`: asks for both, falls back to the
 * microphone alone (then the camera alone) when a device is missing or busy, lists the devices
 * to choose from, and stops every track when no longer active or unmounted.
 */
export function useLocalMedia(active: boolean): LocalMedia {
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const current = useRef<MediaStream | null>(null);
  const key = `${cameraId}|${microphoneId}|${attempt}`;

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    const video: MediaTrackConstraints | boolean = cameraId ? { deviceId: { exact: cameraId } } : true;
    const audio: MediaTrackConstraints | boolean = microphoneId ? { deviceId: { exact: microphoneId } } : true;
    void (async () => {
      let next: MediaStream | null = null;
      let problem: MediaProblem | null = null;
      try {
        next = await open({ audio, video });
      } catch (error) {
        problem = mediaProblem(error);
        if (worthFallingBack(problem)) {
          next = await open({ audio }).catch(() => null);
          next ??= await open({ video }).catch(() => null);
        }
      }
      const found = await devices();
      if (cancelled) {
        stop(next);
        return;
      }
      stop(current.current);
      current.current = next;
      setLoaded({ key, stream: next, problem, ...found });
    })();
    return () => {
      cancelled = true;
    };
  }, [active, key, cameraId, microphoneId]);

  // The devices stop when the page no longer needs them, and on leaving it.
  useEffect(() => {
    if (active) return;
    stop(current.current);
    current.current = null;
  }, [active]);
  useEffect(
    () => () => {
      stop(current.current);
      current.current = null;
    },
    [],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const stream = active ? (loaded?.stream ?? null) : null;
  const status: LocalMedia['status'] = !active || loaded?.key !== key ? 'starting' : loaded.stream ? 'ready' : 'failed';
  const audioTrack = stream?.getAudioTracks()[0] ?? null;
  const videoTrack = stream?.getVideoTracks()[0] ?? null;
  return {
    status,
    stream,
    audioTrack,
    videoTrack,
    problem: loaded?.problem ?? null,
    cameras: loaded?.cameras ?? [],
    microphones: loaded?.microphones ?? [],
    cameraId: cameraId || (videoTrack?.getSettings().deviceId ?? ''),
    microphoneId: microphoneId || (audioTrack?.getSettings().deviceId ?? ''),
    chooseCamera: setCameraId,
    chooseMicrophone: setMicrophoneId,
    retry,
  };
}
