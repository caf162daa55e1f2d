// Socket delivery rows of `npm run bench`: 1,000 authenticated WebSockets on /ws, secure messages
// sent as `message.send` frames on their senders' sockets (or, with BENCH_SOCKET_SEND=http, through
// the send route) at 500 a second for 30 s (delivery latency, lost, misdelivered),
// and the highest delivered messages/s with a bounded number in flight, each against a bare `ws`
// relay (bench/bare-ws-relay.mjs) measured the same way in the same run. On PostgreSQL: a fresh
// database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
// seeded with SQL (people, sessions, conversations) and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { seededSession } from './accounts.mjs';
import { createBenchDatabase } from './booking.mjs';
import { cpuTicks } from './profile.mjs';

/** 500 patient–provider pairs, one conversation each, one session and one socket each. */
const PEOPLE = 1000;
const RATE = { perSecond: 500, seconds: 30 };
const THROUGHPUT = { seconds: 10, inFlight: 64, rounds: 2 };
/** After the last send has its answer, events still missing get this long before they count as lost. */
const GRACE_MS = 5000;
/** A send request without an answer after this long is an error (and its message is not expected). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Sends still queued when the 30 s of sending end must all be answered within this (else ERROR). */
const ANSWERS_DEADLINE_MS = 180_000;
const OPEN = { concurrency: 50, timeoutMs: 15_000 };
/** Keep-alive connections of the sender to the server: enough for 500 requests/s at ~200 ms each. */
const HTTP_SOCKETS = 128;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A fixed shuffle (the same every run), so consecutive messages come from unrelated people. */
function shuffled(count) {
  const order = Array.from({ length: count }, (_, i) => i);
  let seed = 0x2545f491;
  for (let i = count - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * People, sessions and conversations straight into the database (a sign-up through SMTP per person
 * would take minutes): person 2i is a patient, 2i+1 a verified provider; each pair has one
 * conversation in one organisation with both as participants. The session cookie is signed the way
 * better-auth signs it (HMAC-SHA256 of the token with AUTH_SECRET, platform/auth/actor.ts).
 */
export async function seedPeople(db, secret) {
  const { rows: tenantRows } = await db.query(`insert into tenants (name, slug) values ('Bench Sockets Clinic', 'bench-sockets') returning id`);
  const tenantId = tenantRows[0].id;
  const { rows: userRows } = await db.query(
    `insert into users (name, email, email_verified, role, professional_status)
     select case when g % 2 = 0 then 'Bench Patient ' else 'Dr Bench ' end || g, 'bench-socket-' || g || '@example.test', true,
       case when g % 2 = 0 then 'patient' else 'provider' end, case when g % 2 = 0 then 'not_applicable' else 'verified' end
     from generate_series(0, $1::int - 1) g returning id, email`,
    [PEOPLE],
  );
  const people = new Array(PEOPLE);
  for (const row of userRows) {
    const index = Number(/^bench-socket-(\d+)@/.exec(row.email)[1]);
    const { token, cookie } = seededSession(secret);
    people[index] = { index, userId: row.id, partner: index ^ 1, token, cookie };
  }
  const patients = people.filter((p) => p.index % 2 === 0);
  const { rows: conversationRows } = await db.query(
    `insert into conversations (tenant_id, patient_id, carer_id, created_by)
     select $1, p, c, p from unnest($2::uuid[], $3::uuid[]) as t(p, c) returning id, patient_id`,
    [tenantId, patients.map((p) => p.userId), patients.map((p) => people[p.partner].userId)],
  );
  const byPatient = new Map(conversationRows.map((r) => [r.patient_id, r.id]));
  for (const p of patients) p.conversationId = people[p.partner].conversationId = byPatient.get(p.userId);
  await db.query(
    `insert into conversation_participants (conversation_id, user_id, tenant_id, role)
     select c, u, $1, r from unnest($2::uuid[], $3::uuid[], $4::text[]) as t(c, u, r)`,
    [tenantId, people.map((p) => p.conversationId), people.map((p) => p.userId), people.map((p) => (p.index % 2 === 0 ? 'patient' : 'carer'))],
  );
  await db.query(
    `insert into sessions (token, user_id, expires_at, ip_address, user_agent)
     select t, u, now() + interval '1 day', '127.0.0.1', 'tendwell-bench' from unnest($1::text[], $2::uuid[]) as s(t, u)`,
    [people.map((p) => p.token), people.map((p) => p.userId)],
  );
  await db.query('analyze');
  return people;
}

// ── Sending ─────────────────────────────────────────────────────────────────────────────────
/** POST on one of `agent`'s keep-alive connections; resolves with { status, body } or { status: 0, error }. */
function post(agent, base, path, headers, body) {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, timeout: REQUEST_TIMEOUT_MS, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
        response.on('error', (error) => resolve({ status: 0, error }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve({ status: 0, error }));
    request.end(body);
  });
}

/**
 * What a run has seen: each message's record (sender, recipient, conversation, when its send
 * started, its id once known) and every event frame that arrived, by message id. An event may
 * arrive before the send's HTTP answer (the NOTIFY goes out at commit, the answer after it), so
 * the two are matched whichever comes first.
 */
function createTracker() {
  const arrivals = new Map();
  const waiting = new Map();
  const delivered = (record, at) => {
    record.deliveredAt = at;
    record.onDelivered?.();
  };
  return {
    arrivals,
    /** An event frame on person `person`'s socket: { id, conversationId, addressedOk }. */
    onEvent(person, frame, at) {
      let list = arrivals.get(frame.id);
      if (!list) arrivals.set(frame.id, (list = []));
      list.push({ person, conversationId: frame.conversationId, addressedOk: frame.addressedOk, at });
      const record = waiting.get(frame.id);
      if (record && record.recipient === person) {
        waiting.delete(frame.id);
        delivered(record, at);
      }
    },
    /** The message's id is known (from the answer, or at once for the relay). */
    onSent(record) {
      const first = arrivals.get(record.id)?.find((a) => a.person === record.recipient);
      if (first) delivered(record, first.at);
      else waiting.set(record.id, record);
    },
    missing: () => waiting.size,
  };
}

/**
 * After a run: latency of every answered message (send start → its event on the recipient's
 * socket), lost (answered, no event by the deadline), misdelivered (an event on a socket whose
 * person is not in that conversation, not addressed to that person, or for a message meant for
 * someone else), duplicates (the same message twice on one socket), unknown (an event for a
 * message whose send got no answer: in the person's own conversation, so not misdelivered).
 */
function reconcile(records, tracker, people, deadline) {
  const byId = new Map();
  for (const r of records) if (r.id !== undefined) byId.set(r.id, r);
  let misdelivered = 0;
  let duplicates = 0;
  let unknown = 0;
  for (const [id, list] of tracker.arrivals) {
    const record = byId.get(id);
    const seen = new Set();
    for (const a of list) {
      if (seen.has(a.person)) duplicates++;
      seen.add(a.person);
      if (!a.addressedOk || people[a.person].conversationId !== a.conversationId) misdelivered++;
      else if (!record) unknown++;
      else if (a.person !== record.recipient || a.conversationId !== record.conversationId) misdelivered++;
    }
  }
  const latencies = [];
  let lost = 0;
  for (const r of records) {
    if (r.id === undefined) continue;
    if (r.deliveredAt === undefined || r.deliveredAt > deadline) lost++;
    else latencies.push(r.deliveredAt - r.startedAt);
  }
  latencies.sort((a, b) => a - b);
  return {
    sent: records.length,
    answered: records.filter((r) => r.id !== undefined).length,
    delivered: latencies.length,
    lost,
    misdelivered,
    duplicates,
    unknown,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? null,
  };
}

// ── The two transports: our server (HTTP send, /ws events) and the bare relay ────────────────
/** Opens one socket per person, `concurrency` at a time; each counts once its hello arrived. */
async function openAll(people, open) {
  const sockets = new Array(people.length);
  let next = 0;
  let failure;
  const worker = async () => {
    while (next < people.length && !failure) {
      const person = people[next++];
      try {
        sockets[person.index] = await open(person);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  // Each worker stops at the first failure of any (every opening is bounded by OPEN.timeoutMs).
  await Promise.all(Array.from({ length: OPEN.concurrency }, worker));
  if (failure) {
    for (const ws of sockets) ws?.terminate();
    throw failure;
  }
  return sockets;
}

/** Resolves with the socket once its hello arrived; later frames go to onFrame, a later close to onClose. */
function connect(url, options, person, onFrame, onClose) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ...options, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`socket of person ${person.index}: no hello within ${OPEN.timeoutMs} ms`));
    }, OPEN.timeoutMs);
    ws.on('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      reject(new Error(`socket of person ${person.index}: upgrade refused with ${response.statusCode}`));
      ws.terminate();
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`socket of person ${person.index}: ${error.message}`));
    });
    let greeted = false;
    ws.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(data.toString());
      if (!greeted && frame.type === 'hello') {
        greeted = true;
        clearTimeout(timer);
        resolve(ws);
        return;
      }
      onFrame(frame, at);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      if (!greeted) reject(new Error(`socket of person ${person.index} closed (${code}) before hello`));
      else onClose(code);
    });
  });
}

/**
 * Our server: each person's socket on /ws hears the message events. A message is sent as a
 * `message.send` frame on its sender's socket (`via: 'socket'`, what the web app does while its
 * socket is open) or through the send route (`via: 'http'`, the app's fallback; BENCH_SOCKET_SEND=http).
 */
export function ourTransport({ base, people, agent, via = 'socket' }) {
  let tracker = createTracker();
  const frames = { other: 0, closed: 0 };
  const closed = () => frames.closed++;
  const origin = new URL(base).origin;
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  let sockets = [];
  /** Sends over a socket waiting for their answer (`message.sent` or `error`), by frame id. */
  const answers = new Map();
  /** One message from `sender`'s socket; resolves once answered, with the answer frame or null. */
  const sendFrame = (record, id, body) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        answers.delete(id);
        resolve(null);
      }, REQUEST_TIMEOUT_MS);
      answers.set(id, (frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
      sockets[record.sender].send(JSON.stringify({ type: 'message.send', id, conversationId: record.conversationId, body }));
    });
  return {
    name: 'Tendwell',
    via,
    setTracker: (t) => (tracker = t),
    frames,
    open: async () =>
      (sockets = await openAll(people, (person) =>
        connect(wsUrl, { headers: { cookie: person.cookie }, origin }, person, (frame, at) => {
          if (frame.type === 'event' && frame.event === 'message') {
            tracker.onEvent(person.index, { id: frame.data.id, conversationId: frame.data.conversationId, addressedOk: frame.topic === `user:${person.userId}` }, at);
          } else if ((frame.type === 'message.sent' || frame.type === 'error') && answers.has(frame.id)) {
            const answer = answers.get(frame.id);
            answers.delete(frame.id);
            answer(frame);
          } else frames.other++;
        }, closed),
      )),
    /** One message from `sender`; resolves once answered (record.id set when it was written). */
    async send(record, tag) {
      const body = `Bench message ${tag}`;
      if (via === 'socket') {
        const frame = await sendFrame(record, `b${tag}`, body);
        record.answeredAt = performance.now();
        if (!frame) {
          record.status = 0;
          record.error = `no answer within ${REQUEST_TIMEOUT_MS} ms`;
          return;
        }
        if (frame.type !== 'message.sent') {
          record.status = frame.code;
          return;
        }
        if (frame.message.body !== body || !frame.message.mine) {
          record.status = -1;
          return;
        }
        // Written: counted as the route's 201.
        record.status = 201;
        record.id = frame.message.id;
        tracker.onSent(record);
        return;
      }
      const sender = people[record.sender];
      const answer = await post(agent, base, `/api/v1/conversations/${record.conversationId}/messages`, { cookie: sender.cookie }, JSON.stringify({ body }));
      record.status = answer.status;
      record.answeredAt = performance.now();
      if (answer.status !== 201) {
        if (answer.error) record.error = answer.error.message;
        return;
      }
      // The answer is the new message.
      const mine = JSON.parse(answer.body);
      if (mine.body !== body || !mine.mine) {
        record.status = -1;
        return;
      }
      record.id = mine.id;
      tracker.onSent(record);
    },
  };
}

export function relayTransport({ base, people }) {
  let tracker = createTracker();
  const frames = { other: 0, closed: 0 };
  const closed = () => frames.closed++;
  let sockets = [];
  return {
    name: 'bare ws relay',
    setTracker: (t) => (tracker = t),
    frames,
    async open() {
      sockets = await openAll(people, (person) =>
        connect(`${base}/?id=${person.index}`, {}, person, (frame, at) => {
          if (typeof frame.id === 'string') tracker.onEvent(person.index, { id: frame.id, conversationId: frame.conversationId, addressedOk: frame.to === person.index }, at);
          else frames.other++;
        }, closed),
      );
      return sockets;
    },
    /** One frame from the sender's socket to the recipient's; "answered" as soon as it is written. */
    async send(record, tag) {
      record.id = `m${tag}`;
      sockets[record.sender].send(JSON.stringify({ to: record.recipient, id: record.id, conversationId: record.conversationId, sentAt: record.startedAt }));
      record.status = 201;
      record.answeredAt = performance.now();
      tracker.onSent(record);
    },
  };
}

// ── The two measurements ────────────────────────────────────────────────────────────────────
const order = shuffled(PEOPLE);
let sequence = 0;
const nextRecord = (people) => {
  const k = sequence++;
  const sender = order[k % PEOPLE];
  return { k, sender, recipient: people[sender].partner, conversationId: people[sender].conversationId };
};

/**
 * CPU milliseconds per message between two cpuTicks() readings: the server (or relay) process,
 * every PostgreSQL process on the machine (only for our server: the relay uses none, and
 * connections closing elsewhere would make the difference negative), and this bench process.
 */
function cpuPerMessage(before, after, messages, pids) {
  const perMessage = (ticks) => (messages ? Number(((ticks * 10) / messages).toFixed(2)) : null);
  return {
    [pids.serverName]: perMessage(after.server - before.server),
    ...(pids.postgres ? { postgres: perMessage(after.postgres - before.postgres) } : {}),
    benchProcess: perMessage(after.self - before.self),
  };
}

/** Waits until every expected event arrived or GRACE_MS passed; answers the deadline used. */
async function settle(tracker) {
  const deadline = performance.now() + GRACE_MS;
  while (tracker.missing() > 0 && performance.now() < deadline) await sleep(20);
  return performance.now();
}

/**
 * Open loop: RATE.perSecond messages a second for RATE.seconds, each sent when its time comes
 * whatever the answers before it (a 1 ms timer sends every message that is due).
 */
async function atRate(transport, people, pids) {
  const tracker = createTracker();
  transport.setTracker(tracker);
  const total = RATE.perSecond * RATE.seconds;
  const interval = 1000 / RATE.perSecond;
  const records = [];
  const pending = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpuBefore = cpuTicks(pids.server);
  loop.enable();
  const began = performance.now();
  let maxBehind = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - began) / interval) + 1);
      while (records.length < due) {
        const record = { ...nextRecord(people), startedAt: performance.now() };
        maxBehind = Math.max(maxBehind, record.startedAt - (began + records.length * interval));
        records.push(record);
        pending.push(transport.send(record, record.k));
      }
      if (records.length === total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  const sendingMs = performance.now() - began;
  let answersTimer;
  const answered = await Promise.race([
    Promise.all(pending).then(() => true),
    new Promise((resolve) => {
      answersTimer = setTimeout(() => resolve(false), ANSWERS_DEADLINE_MS);
    }),
  ]);
  clearTimeout(answersTimer);
  if (!answered) throw new Error(`${transport.name}: ${records.filter((r) => r.status === undefined).length} of ${total} sends unanswered ${ANSWERS_DEADLINE_MS / 1000} s after the last was sent`);
  const cpu = cpuPerMessage(cpuBefore, cpuTicks(pids.server), records.length, pids);
  const deadline = await settle(tracker);
  loop.disable();
  const result = reconcile(records, tracker, people, deadline);
  // Stricter than lost: events not there 5 s after the 30 s of sending ended (late ones included).
  const endPlusGrace = began + sendingMs + GRACE_MS;
  const notByEndPlusGrace = records.filter((r) => r.id !== undefined && !(r.deliveredAt <= endPlusGrace)).length;
  const statuses = {};
  for (const r of records) if (r.status !== 201) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const errors = [...new Set(records.filter((r) => r.error).map((r) => r.error))].slice(0, 3);
  return {
    ...result,
    notByEndPlusGrace,
    non2xx: records.filter((r) => r.status !== 201).length,
    statuses,
    ...(errors.length ? { errors } : {}),
    sendingSeconds: Number((sendingMs / 1000).toFixed(2)),
    maxSendBehindMs: Number(maxBehind.toFixed(1)),
    benchEventLoopDelayMs: { p99: Number((loop.percentile(99) / 1e6).toFixed(1)), max: Number((loop.max / 1e6).toFixed(1)) },
    cpuMsPerMessage: cpu,
  };
}

/**
 * Closed loop: THROUGHPUT.inFlight senders, each sending its next message as soon as its last one
 * was delivered to the recipient's socket (and, for our server, answered), for THROUGHPUT.seconds.
 * The value is the messages delivered to the right socket within the window, per second.
 */
export async function flatOut(transport, people, { seconds = THROUGHPUT.seconds, inFlight = THROUGHPUT.inFlight, pids } = {}) {
  const tracker = createTracker();
  transport.setTracker(tracker);
  const records = [];
  const cpuBefore = pids && cpuTicks(pids.server);
  const began = performance.now();
  const end = began + seconds * 1000;
  let timedOut = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const record = { ...nextRecord(people), startedAt: performance.now() };
      records.push(record);
      const delivered = new Promise((resolve) => {
        const timer = setTimeout(() => {
          timedOut++;
          resolve();
        }, GRACE_MS);
        record.onDelivered = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      await transport.send(record, record.k);
      if (record.id === undefined) {
        record.onDelivered();
        await sleep(10);
        continue;
      }
      await delivered;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const cpu = pids && cpuPerMessage(cpuBefore, cpuTicks(pids.server), records.length, pids);
  await settle(tracker);
  const inWindow = records.filter((r) => r.deliveredAt !== undefined && r.deliveredAt <= end).length;
  const result = reconcile(records, tracker, people, Infinity);
  return { perSecond: inWindow / seconds, ...result, timedOut, non2xx: records.filter((r) => r.status !== 201).length, ...(cpu ? { cpuMsPerMessage: cpu } : {}) };
}

const summary = (r) =>
  `p50 ${r.p50?.toFixed(1)} ms, p95 ${r.p95?.toFixed(1)} ms, p99 ${r.p99?.toFixed(1)} ms, max ${r.max?.toFixed(1)} ms; sent ${r.sent}, delivered ${r.delivered}, lost ${r.lost}, misdelivered ${r.misdelivered}, non-2xx ${r.non2xx}`;
const rounded = (r, round) => ({ ...r, p50: round(r.p50 ?? NaN, 1), p95: round(r.p95 ?? NaN, 1), p99: round(r.p99 ?? NaN, 1), max: round(r.max ?? NaN, 1) });

/**
 * This process holds 2 × PEOPLE sockets and HTTP_SOCKETS connections, the server PEOPLE sockets and
 * its pool. Node raises its soft file-descriptor limit to the hard one at start; below what is
 * needed, say so now rather than fail with EMFILE halfway.
 */
function checkDescriptorLimit() {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line ? Number(line.split(/\s{2,}/)[1]) : Infinity;
  const needed = 2 * PEOPLE + HTTP_SOCKETS + 200;
  if (soft < needed) throw new Error(`open files limit ${soft} < ${needed}: raise it (ulimit -n ${needed * 2}) and run again`);
}

/**
 * The socket rows. `startServer(extraEnv)` and `startRelay()` start processes and resolve with
 * { base, pid, stop }.
 */
export async function socketRows({ startServer, startRelay, log, round }) {
  if (process.platform === 'linux') checkDescriptorLimit();
  const database = await createBenchDatabase();
  const db = new pg.Client({ connectionString: database.url });
  const stops = [];
  const sockets = [];
  // Keep-alive connections for the sends, reused by every sender (each request carries its sender's cookie).
  const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP_SOCKETS });
  // Other work on the machine (tests, another bench) moves these figures a lot: keep its trace.
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  try {
    const secret = randomBytes(32).toString('base64url');
    // No demo data (not needed, and a faster first start); one person per socket, so the
    // per-person socket limit (REALTIME_MAX_SOCKETS_PER_USER, 20) is not in the way; the send
    // route has no rate limit of its own.
    const server = await startServer({ DATABASE_URL: database.url, DATABASE_POOL_MAX: '10', AUTH_SECRET: secret, SEED_DEMO_DATA: 'false' });
    stops.push(server.stop);
    const relay = await startRelay();
    stops.push(relay.stop);
    await db.connect();
    const people = await seedPeople(db, secret);
    const check = await new Promise((resolve, reject) =>
      http.get(`${server.base}/api/v1/session`, { headers: { cookie: people[0].cookie } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      }).on('error', reject),
    );
    if (check.status !== 200 || !check.body.includes(people[0].userId)) throw new Error(`a seeded session is not accepted: ${check.status} ${check.body.slice(0, 200)}`);

    const via = process.env.BENCH_SOCKET_SEND === 'http' ? 'http' : 'socket';
    const ours = ourTransport({ base: server.base, people, agent, via });
    const bare = relayTransport({ base: relay.base, people });
    let opened = performance.now();
    sockets.push(...(await ours.open()));
    log(`  ${PEOPLE} authenticated sockets greeted in ${Math.round(performance.now() - opened)} ms (${PEOPLE / 2} conversations)`);
    opened = performance.now();
    sockets.push(...(await bare.open()));
    log(`  ${PEOPLE} relay sockets greeted in ${Math.round(performance.now() - opened)} ms`);

    const ourPids = { server: server.pid, serverName: 'server', postgres: true };
    const relayPids = { server: relay.pid, serverName: 'relay' };
    const ourRate = await atRate(ours, people, ourPids);
    log(`  Tendwell at ${RATE.perSecond}/s for ${RATE.seconds} s: ${summary(ourRate)}`);
    const bareRate = await atRate(bare, people, relayPids);
    log(`  bare relay at ${RATE.perSecond}/s for ${RATE.seconds} s: ${summary(bareRate)}`);

    const rounds = { ours: [], bare: [] };
    for (let i = 1; i <= THROUGHPUT.rounds; i++) {
      rounds.ours.push(await flatOut(ours, people, { pids: ourPids }));
      rounds.bare.push(await flatOut(bare, people, { pids: relayPids }));
      log(`  round ${i}: Tendwell ${rounds.ours.at(-1).perSecond.toFixed(1)} delivered/s, bare relay ${rounds.bare.at(-1).perSecond.toFixed(1)} delivered/s (${THROUGHPUT.inFlight} in flight)`);
    }
    const best = (list) => list.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const ourBest = best(rounds.ours);
    const bareBest = best(rounds.bare);
    const allRounds = [...rounds.ours, ...rounds.bare];
    const flatOutMisdelivered = allRounds.reduce((n, r) => n + r.misdelivered, 0);
    const flatOutLost = allRounds.reduce((n, r) => n + r.lost, 0);

    const conditions = [
      { name: 'lost = 0', met: ourRate.lost === 0 },
      { name: 'misdelivered = 0', met: ourRate.misdelivered === 0 },
    ];
    return [
      {
        id: 'socket-delivery',
        name: `Socket delivery p99, ${PEOPLE} sockets, ${RATE.perSecond} messages/s for ${RATE.seconds} s (0 lost, 0 misdelivered)`,
        value: round(ourRate.p99 ?? NaN, 1),
        unit: 'ms',
        baseline: round(bareRate.p99 ?? NaN, 1),
        baselineName: 'bare ws relay p99, same sockets and rate',
        ratio: round((ourRate.p99 ?? NaN) / Math.max(bareRate.p99 ?? NaN, 0.1), 1),
        target: { of: 'value', op: '<=', limit: 50 },
        conditions,
        details: {
          people: PEOPLE,
          conversations: PEOPLE / 2,
          ...RATE,
          graceMs: GRACE_MS,
          sentVia: via === 'socket' ? 'message.send frames on the sender’s socket' : 'POST /api/v1/conversations/{id}/messages',
          loadAverage: { before: loadBefore, after: loadavg().map((n) => Number(n.toFixed(2))) },
          // Frames other than message events (none expected), and sockets closed during the run.
          socketFrames: { server: { ...ours.frames }, bareRelay: { ...bare.frames } },
          server: rounded(ourRate, round),
          bareRelay: rounded(bareRate, round),
        },
      },
      {
        id: 'socket-throughput',
        name: `Socket delivery throughput, ${PEOPLE} sockets, ${THROUGHPUT.inFlight} messages in flight`,
        value: round(ourBest.perSecond, 1),
        unit: 'delivered/s',
        baseline: round(bareBest.perSecond, 1),
        baselineName: 'bare ws relay',
        ratio: round(ourBest.perSecond / bareBest.perSecond, 3),
        target: { of: 'ratio', op: '>=', limit: 0.5 },
        conditions: [
          { name: 'lost = 0', met: flatOutLost === 0 },
          { name: 'misdelivered = 0', met: flatOutMisdelivered === 0 },
        ],
        details: {
          ...THROUGHPUT,
          sentVia: via === 'socket' ? 'message.send frames on the sender’s socket' : 'POST /api/v1/conversations/{id}/messages',
          samples: { server: rounds.ours.map((r) => round(r.perSecond, 1)), bareRelay: rounds.bare.map((r) => round(r.perSecond, 1)) },
          server: rounded(ourBest, round),
          bareRelay: rounded(bareBest, round),
        },
      },
    ];
  } finally {
    for (const ws of sockets) ws?.terminate();
    agent.destroy();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
}
