import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { REALTIME_CLOSE, REALTIME_PATH, ServerFrameSchema, type ClientFrame, type ServerEvent, type ServerFrame } from '~/shared/contracts/realtime';
import { SESSION_QUERY_KEY, useAuth } from './session';

/**
 * The tab's one WebSocket to `/ws`, open only while someone is signed in. Components listen
 * with `useRealtimeEvents`; however many do, the tab holds one socket (module state, counted
 * by its users). It reconnects with exponential back-off and jitter, pings at the application
 * level to notice a dead connection the browser has not, and closes on sign-out. When the
 * server ends it for an ended session (4401) it does not reconnect: the session is re-read,
 * which signs the tab out.
 *
 * Delivery is at most once: after any reconnect listeners get a `resync` event and refetch.
 *
 * A component that also speaks on the socket (a video visit's signalling) uses `useRealtimeFrames`:
 * it hears every frame the server sends, may send frames, and is told each time the socket is
 * (re)greeted, so it can say again what the server forgot with the old connection (`visit.join`).
 */

/** Back-off: 1 s doubling to 30 s, each delay drawn from its upper half (jitter spreads a server restart's reconnects). */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** An application ping this often; no answer within the timeout means the connection is dead. */
export const APP_PING_MS = 30_000;
export const APP_PONG_TIMEOUT_MS = 10_000;

export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

type Listener = (event: ServerEvent) => void;
type FrameListener = (frame: ServerFrame) => void;

interface SharedSocket {
  key: string;
  users: number;
  /** Whether the current connection has been greeted (`hello`): frames sent now are heard. */
  ready(): boolean;
  send(frame: ClientFrame): boolean;
  close(): void;
}

/** A frame the server answers (`message.send`) gets its answer within this, or counts as lost. */
export const SOCKET_ANSWER_TIMEOUT_MS = 15_000;

/** Frames sent with {@link requestOverSocket} waiting for their answer, by the frame's id. */
const pendingAnswers = new Map<string, { resolve(frame: ServerFrame): void; reject(error: Error): void }>();

function rejectPending(reason: string): void {
  for (const [id, pending] of pendingAnswers) {
    pendingAnswers.delete(id);
    pending.reject(new Error(reason));
  }
}

const listeners = new Set<Listener>();
const frameListeners = new Set<FrameListener>();
let shared: SharedSocket | null = null;
let onSessionEnded: (() => void) | null = null;

function emit(event: ServerEvent): void {
  for (const listener of listeners) listener(event);
}

function emitFrame(frame: ServerFrame): void {
  for (const listener of frameListeners) listener(frame);
}

function socketUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`;
}

/** Opens (and keeps reopening) the socket until close() is called. */
function openShared(key: string): SharedSocket {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let greeted = false;
  /** The current connection has had its `hello`. */
  let open = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pinger: ReturnType<typeof setInterval> | undefined;
  let pongDeadline: ReturnType<typeof setTimeout> | undefined;

  const send = (frame: ClientFrame): boolean => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };
  const clearTimers = () => {
    clearInterval(pinger);
    clearTimeout(pongDeadline);
    pinger = undefined;
    pongDeadline = undefined;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, reconnectDelayMs(attempt));
    attempt += 1;
  };
  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(socketUrl());
    socket = ws;
    open = false;
    ws.onmessage = (message: MessageEvent) => {
      if (typeof message.data !== 'string') return;
      let value: unknown;
      try {
        value = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = ServerFrameSchema.safeParse(value);
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'hello') {
        attempt = 0;
        // Anything sent while this tab was disconnected was missed: have listeners refetch.
        if (greeted) emit({ type: 'event', topic: `user:${frame.userId}`, event: 'resync', data: {} });
        greeted = true;
        open = true;
        clearTimers();
        pinger = setInterval(() => {
          send({ type: 'ping' });
          // A dead connection can take the browser minutes to notice: give up on it now.
          pongDeadline ??= setTimeout(() => {
            ws.onclose = null;
            ws.close();
            if (socket === ws) socket = null;
            open = false;
            clearTimers();
            schedule();
          }, APP_PONG_TIMEOUT_MS);
        }, APP_PING_MS);
      } else if (frame.type === 'pong') {
        clearTimeout(pongDeadline);
        pongDeadline = undefined;
      } else if (frame.type === 'event') {
        emit(frame);
      } else if ((frame.type === 'message.sent' || frame.type === 'error') && frame.id !== undefined) {
        const pending = pendingAnswers.get(frame.id);
        pendingAnswers.delete(frame.id);
        pending?.resolve(frame);
      }
      // Frame listeners hear everything, the hello included (after the resync above).
      emitFrame(frame);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket === ws) socket = null;
      open = false;
      // Whether the server handled them is unknown: their callers say so rather than send twice.
      rejectPending('the socket closed before the answer');
      clearTimers();
      if (stopped) return;
      if (event.code === REALTIME_CLOSE.sessionEnded) {
        onSessionEnded?.();
        return;
      }
      schedule();
    };
  };
  const online = () => {
    if (socket || stopped) return;
    clearTimeout(retry);
    retry = undefined;
    connect();
  };
  window.addEventListener('online', online);
  connect();
  return {
    key,
    users: 0,
    ready: () => open && socket?.readyState === WebSocket.OPEN,
    send,
    close() {
      stopped = true;
      rejectPending('the socket was closed');
      clearTimeout(retry);
      clearTimers();
      window.removeEventListener('online', online);
      socket?.close(1000, 'signed out');
      socket = null;
      open = false;
    },
  };
}

function acquire(key: string): void {
  if (shared && shared.key !== key) {
    shared.close();
    shared = null;
  }
  shared ??= openShared(key);
  shared.users += 1;
}

function release(key: string): void {
  if (!shared || shared.key !== key) return;
  shared.users -= 1;
  if (shared.users <= 0) {
    shared.close();
    shared = null;
  }
}

/**
 * Calls `onEvent` for every event the signed-in person's socket receives (and a `resync` after
 * each reconnect). Opens the tab's socket while signed in; closes it on sign-out.
 */
export function useRealtimeEvents(onEvent: Listener): void {
  const { session } = useAuth();
  const client = useQueryClient();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = session ? `${session.user.id}:${session.session.id}` : null;
  useEffect(() => {
    if (!key) return;
    const listener: Listener = (event) => handler.current(event);
    listeners.add(listener);
    onSessionEnded = () => void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    acquire(key);
    return () => {
      listeners.delete(listener);
      release(key);
    };
  }, [key, client]);
}

export interface RealtimeChannel {
  /** Sends a frame on the tab's socket; false when it is not connected (the frame is dropped). */
  send(frame: ClientFrame): boolean;
}

const channel: RealtimeChannel = { send: (frame) => shared?.send(frame) ?? false };

/**
 * Sends a frame the server answers (`message.sent`, or an `error` carrying the frame's `id`) on
 * the tab's socket: null when the socket is not open and greeted (the caller uses HTTP instead);
 * otherwise the answer, or a rejection when none came within SOCKET_ANSWER_TIMEOUT_MS or the socket
 * closed first (then the server may or may not have handled it).
 */
export function requestOverSocket(frame: ClientFrame & { id: string }): Promise<ServerFrame> | null {
  if (!shared?.ready() || pendingAnswers.has(frame.id)) return null;
  const socket = shared;
  return new Promise<ServerFrame>((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingAnswers.delete(frame.id);
      reject(new Error('no answer on the socket in time'));
    }, SOCKET_ANSWER_TIMEOUT_MS);
    pendingAnswers.set(frame.id, {
      resolve: (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    if (!socket.send(frame)) {
      pendingAnswers.get(frame.id)?.reject(new Error('the socket is not open'));
      pendingAnswers.delete(frame.id);
    }
  });
}

/**
 * Every frame the signed-in person's socket receives (`onFrame`), a way to send frames, and
 * `onReady` each time the socket is greeted — on mounting when it already is, and after every
 * reconnect — so the caller can repeat what the server forgot with the old connection.
 */
export function useRealtimeFrames(onFrame: FrameListener, onReady?: (channel: RealtimeChannel) => void): RealtimeChannel {
  const { session } = useAuth();
  const client = useQueryClient();
  const handlers = useRef({ onFrame, onReady });
  useEffect(() => {
    handlers.current = { onFrame, onReady };
  });
  const key = session ? `${session.user.id}:${session.session.id}` : null;
  useEffect(() => {
    if (!key) return;
    const listener: FrameListener = (frame) => {
      handlers.current.onFrame(frame);
      if (frame.type === 'hello') handlers.current.onReady?.(channel);
    };
    frameListeners.add(listener);
    onSessionEnded = () => void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    acquire(key);
    if (shared?.ready()) handlers.current.onReady?.(channel);
    return () => {
      frameListeners.delete(listener);
      release(key);
    };
  }, [key, client]);
  return channel;
}
