/**
 * Page paths the web app has built, as React Router patterns. The server answers
 * 200 for these and 404 (with the app's not-found page) for every other page path.
 * A route of a later issue is added here together with its screen, never before.
 */
import { CONTENT_PAGE_PATHS, FORM_PAGE_PATHS } from './public-pages.js';

export const PAGE_ROUTES: readonly string[] = [
  '/',
  ...CONTENT_PAGE_PATHS,
  ...FORM_PAGE_PATHS,
  '/admin/enquiries',
  '/blog',
  '/blog/:id',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/tenant/manage',
  '/invitations/accept',
  '/profile',
  '/admin/users',
  '/dev/mailbox',
  '/providers',
  '/providers/:id',
  '/appointments',
  '/appointments/book',
  '/appointments/book/:id',
  '/dashboard',
  '/provider/dashboard',
  '/provider/appointments',
  '/provider/appointments/new',
  '/provider/availability',
  '/provider/profile',
  '/admin/providers',
  '/messages',
  '/provider/messages',
  '/appointments/telehealth/:appointmentId',
  '/provider/telehealth',
];

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}
const PAGE_MATCHERS = PAGE_ROUTES.map(patternToRegExp);

/** Whether a path is a page the web app has built (a later issue's path is not, until it is). */
export function isBuiltPage(path: string): boolean {
  return path === '/' ? PAGE_ROUTES.includes('/') : PAGE_MATCHERS.some((m) => m.test(path));
}
