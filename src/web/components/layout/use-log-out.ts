import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearReturnPath } from '~/web/lib/return-path';
import { SESSION_QUERY_KEY, signOut } from '~/web/lib/session';

/** Where the app goes after logging out (spec §2). */
export const AFTER_LOG_OUT_PATH = '/';

/**
 * Logs out (spec §2, §4): the item shows 'Logging out...' and is disabled meanwhile; then the
 * cached session is cleared (and the saved return path, and cached data no screen shows) and the
 * app goes to /. A failure is only logged to the console, and the person stays on the page.
 */
export function useLogOut(): { logOut(): Promise<boolean>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  /** Resolves true once logged out and on /, false when it failed (or was already under way). */
  async function logOut(): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    try {
      await signOut();
    } catch (error) {
      console.error('Logout failed', error);
      setPending(false);
      return false;
    }
    clearReturnPath();
    // Leave first: a signed-in page that saw the session end would send the person to sign in.
    await navigate(AFTER_LOG_OUT_PATH);
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    // Data cached for the person who just left must not be shown to whoever comes next.
    queryClient.removeQueries({ type: 'inactive' });
    setPending(false);
    return true;
  }

  return { logOut, pending };
}
