import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { focusElement } from '~/web/lib/focus';
import { clearReturnPath } from '~/web/lib/return-path';
import { SESSION_QUERY_KEY, signOut } from '~/web/lib/session';
import { MAIN_CONTENT_ID } from './skip-link';

/** Where the app goes after logging out (spec §2). */
export const AFTER_LOG_OUT_PATH = '/';

/**
 * Logs out (spec §2, §4): the item shows 'Logging out...' and is disabled (aria-disabled: it keeps
 * the focus) meanwhile; then the cached session is cleared (and the saved return path, and cached data no screen
 * shows) and the app goes to /. A failure is only logged to the console, and the person stays on
 * the page. The account menu (or the mobile menu) that held the focus goes with the session: the
 * focus then goes to the page's main region, where the skip link leads, not to the page's body.
 */
export function useLogOut(): { logOut(): Promise<boolean>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  /** Resolves true once logged out and on /, false when it failed (or was already under way). */
  async function logOut(): Promise<boolean> {
    if (pending) return false;
    // What was pressed (the menu's item, the mobile menu's button); it goes with the session.
    const pressed = document.activeElement;
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
    // Before the session ends (and the signed-in header with it): the focus, still on what was
    // pressed or already fallen with the mobile menu that closed on leaving, goes to the main region.
    const active = document.activeElement;
    if (!active || active === document.body || active === pressed) focusElement(document.getElementById(MAIN_CONTENT_ID));
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    // Data cached for the person who just left must not be shown to whoever comes next.
    queryClient.removeQueries({ type: 'inactive' });
    setPending(false);
    return true;
  }

  return { logOut, pending };
}
