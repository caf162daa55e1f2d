import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * No screen is built yet: `/` and every other path show the not-found page until the issue that
 * builds a screen adds its route here (and its path to src/shared/page-routes.ts).
 * The splat route does not match `/`, so the index gets the same module under its own id.
 */
export default [
  index('routes/not-found.tsx', { id: 'routes/index-not-found' }),
  route('auth/login', 'routes/auth/login.tsx'),
  route('auth/register', 'routes/auth/register.tsx'),
  route('auth/forgot-password', 'routes/auth/forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth/reset-password.tsx'),
  route('tenant/manage', 'routes/tenants/manage.tsx'),
  route('invitations/accept', 'routes/tenants/invitation-accept.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('admin/users', 'routes/admin-users.tsx'),
  route('dev/mailbox', 'routes/dev-mailbox.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
