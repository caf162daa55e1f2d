import WebSocket from 'ws';
import { ServerFrameSchema, type ServerFrame } from '../../shared/contracts/realtime.js';

/** A real WebSocket client on /ws for API tests: every frame it receives, validated, in order. */
export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Frames that did not match the protocol's server schemas (a test expects none). */
  invalid: string[];
  /** Resolves with the first frame (from `from` on) that matches, or rejects after `timeoutMs`. */
  next(match: (frame: ServerFrame) => boolean, timeoutMs?: number, from?: number): Promise<ServerFrame>;
  /** Resolves once this many frames have arrived in all. */
  count(n: number, timeoutMs?: number): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  sendJson(value: unknown): void;
}

export type UpgradeResult = { socket: TestSocket } | { status: number; body: string };

/** Opens `${base}/ws` with these headers; answers the socket, or the HTTP status that refused the upgrade. */
export function openSocket(
  base: string,
  options: { cookie?: string; origin?: string | null; autoPong?: boolean } = {},
): Promise<UpgradeResult> {
  const url = base.replace(/^http/, 'ws') + '/ws';
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? base : options.origin;
  const ws = new WebSocket(url, { headers, ...(origin ? { origin } : {}), autoPong: options.autoPong ?? true });
  const frames: ServerFrame[] = [];
  const invalid: string[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('message', (data) => {
    const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.isBuffer(data) ? data.toString() : Buffer.from(new Uint8Array(data)).toString();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      invalid.push(text);
      return;
    }
    const parsed = ServerFrameSchema.safeParse(value);
    if (parsed.success) frames.push(parsed.data);
    else invalid.push(text);
    for (const wake of waiters) wake();
  });
  const wait = <T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value === undefined) return false;
        waiters.delete(attempt);
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; frames so far: ${JSON.stringify(frames.slice(-5))}`));
      }, timeoutMs);
      if (!attempt()) waiters.add(attempt);
    });
  const socket: TestSocket = {
    ws,
    frames,
    invalid,
    closed,
    next: (match, timeoutMs = 5000, from = 0) => wait(() => frames.slice(from).find(match), timeoutMs, 'a matching frame'),
    count: async (n, timeoutMs = 20_000) => {
      await wait(() => (frames.length >= n ? true : undefined), timeoutMs, `${n} frames`);
    },
    sendJson: (value) => ws.send(JSON.stringify(value)),
  };
  return new Promise<UpgradeResult>((resolve, reject) => {
    ws.on('open', () => resolve({ socket }));
    ws.on('unexpected-response', (request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
      response.on('error', reject);
    });
    ws.on('error', reject);
  });
}

/** Opens a socket that must be accepted, and waits for its hello. */
export async function openSignedInSocket(base: string, cookie: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const result = await openSocket(base, { cookie, ...options });
  if (!('socket' in result)) throw new Error(`upgrade refused: ${result.status} ${result.body}`);
  await result.socket.next((f) => f.type === 'hello');
  return result.socket;
}
