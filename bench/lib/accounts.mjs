// Creates a verified account on a running server the way a person does: sign up, read the
// verification mail from a real SMTP listener on loopback, open the link, sign in.
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export const SESSION_COOKIE = 'tendwell.session_token';

/**
 * A session token for a person seeded straight into the database, and its cookie, signed the way
 * better-auth signs it (HMAC-SHA256 of the token with AUTH_SECRET, platform/auth/actor.ts).
 */
export function seededSession(secret) {
  const token = randomBytes(24).toString('base64url');
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return { token, cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}` };
}

export async function startMailCatcher() {
  const mails = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  // A sender that stops mid-conversation (a server shutting down) is not the catcher's failure.
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    async linkFor(email, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const mail = mails.find((m) => m.to.includes(email.toLowerCase()));
        if (mail) {
          // Quoted-printable soft line breaks and =3D must be undone before reading the link.
          const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const match = /https?:\/\/[^\s"<]+verify-email[^\s"<]+/.exec(text);
          if (match) return match[0].replace(/&amp;/g, '&');
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no verification mail for ${email}`);
    },
    close: () => new Promise((done) => server.close(done)),
  };
}

// Every POST carries the Origin a browser sends: better-auth refuses a change without one.
export async function createVerifiedAccount(baseUrl, mail, { email, password, name }) {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email, password, name }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = await mail.linkFor(email);
  const verify = await fetch(link, { redirect: 'manual' });
  if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie };
}

/** Signs this verified account in `count` times (8 at a time): one session cookie per sign-in. */
export async function sessionCookies(baseUrl, { email, password }, count) {
  const cookies = [];
  const signInOnce = async () => {
    const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  };
  while (cookies.length < count) await Promise.all(Array.from({ length: Math.min(8, count - cookies.length) }, signInOnce));
  return cookies;
}
