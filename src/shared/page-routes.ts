/**
 * Page paths the web app has built, as React Router patterns. The server answers
 * 200 for these and 404 (with the app's not-found page) for every other page path.
 * A route of a later issue is added here together with its screen, never before.
 */
export const PAGE_ROUTES: readonly string[] = [
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/tenant/manage',
  '/invitations/accept',
  '/profile',
  '/admin/users',
  '/dev/mailbox',
];
