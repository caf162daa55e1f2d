import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { CONTENT_PAGE_PATHS, FORM_PAGE_PATHS, contentSlugOfPath } from '../../shared/public-pages';

/**
 * The screens built so far; every other path shows the not-found page until the issue that
 * builds a screen adds its route here (and its path to src/shared/page-routes.ts).
 */
export default [
  index('routes/home.tsx'),
  route('auth/login', 'routes/auth/login.tsx'),
  route('auth/register', 'routes/auth/register.tsx'),
  route('auth/forgot-password', 'routes/auth/forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth/reset-password.tsx'),
  route('tenant/manage', 'routes/tenants/manage.tsx'),
  route('invitations/accept', 'routes/tenants/invitation-accept.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('admin/users', 'routes/admin-users.tsx'),
  route('dev/mailbox', 'routes/dev-mailbox.tsx'),
  route('providers', 'routes/providers/index.tsx'),
  route('providers/:id', 'routes/providers/profile.tsx'),
  route('appointments', 'routes/appointments/index.tsx'),
  route('appointments/book', 'routes/appointments/book.tsx', { id: 'appointments-book' }),
  route('appointments/book/:id', 'routes/appointments/book.tsx', { id: 'appointments-book-provider' }),
  route('dashboard', 'routes/dashboard.tsx'),
  route('provider/dashboard', 'routes/provider/dashboard.tsx'),
  route('provider/appointments', 'routes/provider/appointments.tsx'),
  route('provider/appointments/new', 'routes/provider/new-appointment.tsx'),
  route('provider/availability', 'routes/provider/availability.tsx'),
  route('provider/profile', 'routes/provider/profile.tsx'),
  route('admin/providers', 'routes/admin-providers.tsx'),
  route('messages', 'routes/messages/index.tsx', { id: 'messages' }),
  route('provider/messages', 'routes/messages/index.tsx', { id: 'provider-messages' }),
  route('appointments/telehealth/:appointmentId', 'routes/telehealth/visit.tsx'),
  route('provider/telehealth', 'routes/telehealth/provider-day.tsx'),
  // Public content pages: one module, rendered from src/content/pages/<slug>/<lng>.md.
  ...CONTENT_PAGE_PATHS.map((path) => route(path.slice(1), 'routes/content-page.tsx', { id: `content-${contentSlugOfPath(path)}` })),
  // The contact and demo-request forms, with their introductions from content files.
  ...FORM_PAGE_PATHS.map((path) => route(path.slice(1), 'routes/enquiry-page.tsx', { id: `form-${contentSlugOfPath(path)}` })),
  route('admin/enquiries', 'routes/admin-enquiries.tsx'),
  route('newsletter/confirm', 'routes/newsletter/confirm.tsx'),
  route('newsletter/unsubscribe', 'routes/newsletter/unsubscribe.tsx'),
  route('blog', 'routes/blog/index.tsx'),
  route('blog/:id', 'routes/blog/post.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
