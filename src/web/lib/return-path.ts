/**
 * The page a signed-out visitor was sent away from, kept for the session so sign-in can return
 * there (spec §4). Only same-site paths are kept: never a full URL, never `//host`.
 */
export const RETURN_PATH_KEY = 'auth_return_path';

export function isSafeReturnPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/auth/');
}

export function saveReturnPath(path: string): void {
  if (!isSafeReturnPath(path)) return;
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage unavailable (private mode): sign-in then lands on the default page.
  }
}

/** Reads and clears the saved return path. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(RETURN_PATH_KEY);
    return isSafeReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function clearReturnPath(): void {
  try {
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // nothing to clear
  }
}
