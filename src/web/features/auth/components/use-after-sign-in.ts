import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { clearReturnPath, takeReturnPath } from '~/web/lib/return-path';
import { type AuthStatus, SESSION_QUERY_KEY, useRefreshSession } from '~/web/lib/session';

/** Where a sign-in lands when no page asked for it (spec §4). */
export const DEFAULT_AFTER_SIGN_IN_PATH = '/dashboard';

/**
 * Spec §4: a signed-in person on the sign-in page goes to the saved return path (which is then
 * cleared) or /dashboard; a demo sign-in goes to its role's landing path instead. One effect does
 * the navigating, whether the person arrived signed in or has just signed in here, so the saved
 * path is taken exactly once.
 *
 * Returns `completeSignIn(destination?)`: refreshes the session after a successful sign-in and
 * resolves false when no session came of it (the caller then says so).
 */
export function useAfterSignIn(status: AuthStatus): (destination?: string) => Promise<boolean> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const destination = useRef<string | null>(null);
  const navigated = useRef(false);

  useEffect(() => {
    if (status !== 'authenticated' || navigated.current) return;
    navigated.current = true;
    let target = destination.current;
    if (target) clearReturnPath();
    else target = takeReturnPath() ?? DEFAULT_AFTER_SIGN_IN_PATH;
    void navigate(target, { replace: true });
  }, [status, navigate]);

  return async (target?: string) => {
    destination.current = target ?? null;
    await refreshSession();
    const signedIn = queryClient.getQueryData(SESSION_QUERY_KEY) != null;
    if (!signedIn) destination.current = null;
    return signedIn;
  };
}
