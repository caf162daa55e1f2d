import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AUTH_INITIAL_CHECK_TIMEOUT_MS } from '~/shared/auth-constants';
import type { SessionState } from '~/shared/contracts/auth';
import { nameWithoutTitles } from '~/shared/names';
import type { Permission } from '~/shared/permissions';
import { ApiError, apiFetch } from './api-client';
import { useHydrated } from './use-hydrated';

/**
 * The signed-in state of the whole app: GET /api/v1/session through TanStack Query. Every
 * screen reads it here; the server decides everything it contains.
 */
export const SESSION_QUERY_KEY = ['session'] as const;
export const SESSION_PATH = '/api/v1/session';

// Every page's header reads the session: its schema (and zod) load with the request (SchemaSource).
const sessionStateSchema = () => import('~/shared/contracts/auth').then((m) => m.SessionStateSchema);

export async function fetchSession(signal?: AbortSignal): Promise<SessionState | null> {
  try {
    // The document of a visitor with a session cookie preloads this request (SessionPreload in
    // root.tsx): the first check takes that answer, already under way while the scripts load.
    return await apiFetch(SESSION_PATH, { schema: sessionStateSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  session: SessionState | null;
  /** True when the permission is held in the current organisation (or platform-wide). */
  can(permission: Permission): boolean;
}

/**
 * Spec §4: loading, authenticated or anonymous; the initial check is forced to finish after
 * 3 s (a slow answer then counts as anonymous until it arrives).
 */
/** Query clients of pages the server rendered for a visitor with a session cookie: it showed the session as being checked. */
const checkingAtRender = new WeakSet<QueryClient>();

/**
 * What the server knew of the session when it rendered the page: nobody is signed in without a
 * session cookie (no request needed); with one, it rendered the session as still being checked.
 */
export function startSession(client: QueryClient, sessionCookie: boolean): void {
  if (sessionCookie) checkingAtRender.add(client);
  else client.setQueryData(SESSION_QUERY_KEY, null);
}

const CHECKING: AuthState = { status: 'loading', session: null, can: () => false };

export function useAuth(): AuthState {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: ({ signal }) => fetchSession(signal), staleTime: 30_000 });
  // With a session cookie the server rendered the session as still being checked. While that HTML
  // hydrates, this renders the same even when the answer has already arrived (parts of a page
  // hydrate after the header has asked): other markup than the server's makes React throw the
  // page's HTML away and render it all again (error #418). The answer shows from the render after.
  const hydrated = useHydrated();
  const client = useQueryClient();
  const checkingAsRendered = !hydrated && checkingAtRender.has(client);
  const [timedOut, setTimedOut] = useState(false);
  const pending = query.isPending;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTimedOut(true), AUTH_INITIAL_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (checkingAsRendered) return CHECKING;
  const session = query.data ?? null;
  const status: AuthStatus = query.isPending && !timedOut ? 'loading' : session ? 'authenticated' : 'anonymous';
  return {
    status,
    session,
    can: (permission) => session?.permissions.includes(permission) ?? false,
  };
}

/** Refetches the session (after sign-in, tenant switch, profile change). */
export function useRefreshSession(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

const anyBody = () => import('zod').then(({ z }) => z.unknown());

/** Ends the session on the server; the caller then clears cached data and navigates. */
export async function signOut(): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', body: {}, schema: anyBody });
}

/** Asks the server to switch the session's organisation; resolves with the new session state. */
export function switchTenant(tenantId: string): Promise<SessionState> {
  return apiFetch('/api/v1/session/tenant', { method: 'PUT', body: { tenantId }, schema: sessionStateSchema });
}

/** Spec §2: initials from the first letter of each word of the name, upper-cased; 'U' if none. */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters || 'U';
}

/** Initials of a person shown to others (a provider's card, a conversation): without a title before the name ("Dr Amara Chen": AC). */
export function personInitials(name: string): string {
  return initials(nameWithoutTitles(name).join(' '));
}

/**
 * Who the session belongs to, as a comparable value (null when signed out). The session query's
 * data was parsed by its schema when it was fetched (fetchSession), or is null.
 */
function sessionOwner(data: unknown): string | null {
  const session = data as SessionState | null | undefined;
  return session ? `${session.user.id}:${session.session.id}` : null;
}

const SESSION_CHANNEL = 'tendwell-session';

/**
 * Keeps every open tab on the same session (spec §4 session events): when this tab signs in, signs
 * out or switches who it is, the others refetch; and a tab coming back into view re-checks, so a
 * session revoked elsewhere is noticed. Mounted once, in the root.
 */
export function useSessionSync(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    let owner = sessionOwner(client.getQueryData(SESSION_QUERY_KEY));
    channel.onmessage = () => {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
      if (event.query.state.status !== 'success') return;
      const next = sessionOwner(event.query.state.data);
      if (next === owner) return;
      owner = next;
      channel.postMessage({ type: next ? 'signed-in' : 'signed-out' });
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      unsubscribe();
      channel.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client]);
}
