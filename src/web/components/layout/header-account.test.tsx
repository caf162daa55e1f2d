import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '~/shared/contracts/auth';
import { createEnglishI18n } from '~/web/lib/i18n';
import { SESSION_QUERY_KEY } from '~/web/lib/session';
import { accountLinks, showsFindProviders } from './account-links';
import HeaderAccount, { MobileAccountLinks, MobileFindProvidersItem } from './header-account';

function session(
  overrides: { name?: string; role?: SessionState['user']['role']; image?: string | null; tenant?: boolean; permissions?: SessionState['permissions'] } = {},
): SessionState {
  return {
    user: {
      id: 'u1',
      name: overrides.name ?? 'Ada Lovelace',
      email: 'ada@example.test',
      emailVerified: true,
      role: overrides.role ?? 'patient',
      professionalStatus: 'not_applicable',
      image: overrides.image ?? null,
      locale: 'en',
      timeZone: null,
      region: null,
      twoFactorEnabled: false,
    },
    session: { id: 's1', expiresAt: '2031-01-01T00:00:00.000Z', createdAt: '2030-12-01T00:00:00.000Z' },
    currentTenant: overrides.tenant
      ? { id: 't1', name: 'Harbourview', slug: 'harbourview', planType: 'starter', membershipRole: 'owner' }
      : null,
    tenantNotice: null,
    permissions: overrides.permissions ?? [],
    landingPath: '/dashboard',
  };
}

/** Renders with the session query already answered (`undefined`: still loading). */
function render(node: ReactNode, state: SessionState | null | undefined): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (state !== undefined) client.setQueryData(SESSION_QUERY_KEY, state);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createEnglishI18n()}>
        <MemoryRouter initialEntries={['/somewhere']}>{node}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const noop = () => undefined;

describe('HeaderAccount', () => {
  it('shows a disabled placeholder avatar while the session loads', () => {
    const html = render(<HeaderAccount />, undefined);
    expect(html).toMatch(/<button type="button" disabled="" aria-label="Loading account"/);
    expect(html).not.toContain('href="/auth/login"');
  });

  it('offers Sign in and Sign up to visitors', () => {
    const html = render(<HeaderAccount />, null);
    expect(html).toMatch(/<a[^>]*href="\/auth\/login"[^>]*>Sign in<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/auth\/register"[^>]*>Sign up<\/a>/);
    expect(html).not.toContain('Account menu');
  });

  it('shows signed-in people an avatar menu trigger named after them, with their initials', () => {
    const html = render(<HeaderAccount />, session());
    expect(html).toMatch(/<button[^>]*aria-label="Account menu for Ada Lovelace"[^>]*aria-haspopup="menu"|<button[^>]*aria-haspopup="menu"[^>]*aria-label="Account menu for Ada Lovelace"/);
    expect(html).toContain('>AL</span>');
    expect(html).not.toContain('href="/auth/login"');
  });

  it("falls back to 'U' without a name", () => {
    const html = render(<HeaderAccount />, session({ name: '' }));
    expect(html).toContain('>U</span>');
    expect(html).toContain('aria-label="Account menu for ada@example.test"');
  });
});

describe('account links', () => {
  it('are Dashboard, Settings and Manage Tenants, or Create Tenant without a current tenant', () => {
    expect(accountLinks(session({ tenant: true })).map((l) => [l.to, l.labelKey])).toEqual([
      ['/dashboard', 'header.dashboard'],
      ['/profile', 'header.settings'],
      ['/tenant/manage', 'header.manageTenants'],
    ]);
    expect(accountLinks(session({ tenant: false }))[2]?.labelKey).toBe('header.createTenant');
  });

  it("lead professionals who work in the current organisation to its dashboard, and add their directory profile", () => {
    const practice = { tenant: true, permissions: ['account.self', 'appointments.manage'] } as const;
    expect(accountLinks(session({ ...practice, role: 'provider', permissions: [...practice.permissions] })).map((l) => l.to)).toEqual([
      '/provider/dashboard',
      '/provider/profile',
      '/profile',
      '/tenant/manage',
    ]);
    expect(accountLinks(session({ ...practice, role: 'allied_health', permissions: [...practice.permissions] }))[1]?.labelKey).toBe('header.directoryProfile');
    // Not for a patient who owns an organisation, nor for a provider without one.
    expect(accountLinks(session({ ...practice, role: 'patient', permissions: [...practice.permissions] })).map((l) => l.to)).not.toContain('/provider/profile');
    expect(accountLinks(session({ role: 'provider', permissions: ['account.self'] })).map((l) => l.to)).not.toContain('/provider/profile');
    expect(accountLinks(session({ ...practice, role: 'patient', permissions: [...practice.permissions] }))[0]?.to).toBe('/dashboard');
    expect(accountLinks(session({ role: 'provider', permissions: ['account.self'] }))[0]?.to).toBe('/dashboard');
  });

  it('offer Find Providers to signed-in patients only', () => {
    expect(showsFindProviders(session({ role: 'patient' }))).toBe(true);
    expect(showsFindProviders(session({ role: 'provider' }))).toBe(false);
    expect(showsFindProviders(null)).toBe(false);
  });
});

describe('mobile menu account part', () => {
  it('has Sign in and Sign up for visitors and nothing while loading', () => {
    expect(render(<MobileAccountLinks onNavigate={noop} />, undefined)).toBe('');
    const html = render(<MobileAccountLinks onNavigate={noop} />, null);
    expect(html).toContain('href="/auth/login"');
    expect(html).toContain('href="/auth/register"');
  });

  it('has the account links and Log out for signed-in people', () => {
    const html = render(<MobileAccountLinks onNavigate={noop} />, session({ tenant: false }));
    for (const [href, label] of [
      ['/dashboard', 'Dashboard'],
      ['/profile', 'Settings'],
      ['/tenant/manage', 'Create Tenant'],
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>.*?${label}</a>`));
    }
    expect(html).toMatch(/<button[^>]*>.*?Log out<\/button>/);
    expect(html).not.toContain('href="/auth/login"');
  });

  it('has the inbox with its unread count for those who may message, since the header link is hidden on small screens', () => {
    const patient = render(<MobileAccountLinks onNavigate={noop} />, session({ permissions: ['account.self', 'appointments.self', 'messages.self'] }));
    expect(patient).toMatch(/<a[^>]*href="\/messages"[^>]*>.*?Messages<\/a>/);
    const staff = render(<MobileAccountLinks onNavigate={noop} />, session({ tenant: true, permissions: ['account.self', 'messages.self', 'appointments.manage'] }));
    expect(staff).toContain('href="/provider/messages"');
    expect(render(<MobileAccountLinks onNavigate={noop} />, session({ permissions: ['account.self'] }))).not.toContain('Messages');
  });

  it('lists Find Providers for a signed-in patient only', () => {
    expect(render(<MobileFindProvidersItem onNavigate={noop} />, session({ role: 'patient' }))).toMatch(
      /<a[^>]*href="\/providers"[^>]*>.*?Find Providers<\/a>/,
    );
    expect(render(<MobileFindProvidersItem onNavigate={noop} />, session({ role: 'allied_health' }))).toBe('');
    expect(render(<MobileFindProvidersItem onNavigate={noop} />, null)).toBe('');
  });
});
