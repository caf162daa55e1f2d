import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createEnglishI18n } from '~/web/lib/i18n';
import { SESSION_QUERY_KEY } from '~/web/lib/session';
import { NotFoundContent } from './not-found-content';
import { FOOTER_COLUMNS, SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Renders as the server does: by default for a visitor without a session cookie (nobody signed
 * in, known at once); with `checking`, for one whose session is still to be checked.
 */
function render(node: ReactNode, path = '/somewhere', { checking = false } = {}): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (!checking) client.setQueryData(SESSION_QUERY_KEY, null);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createEnglishI18n()}>
        <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('SiteHeader', () => {
  const html = render(<SiteHeader />);

  it('links the logo home and has the desktop navigation', () => {
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>.*Tendwell/);
    expect(html).toContain('aria-label="Primary"');
    for (const [href, label] of [
      ['/', 'Home'],
      ['/about', 'About'],
      ['/education', 'Education'],
    ]) {
      expect(html).toContain(`href="${href}"`);
      expect(html).toContain(`>${label}</a>`);
    }
  });

  it('shows a disabled placeholder avatar while the session is checked (header-account.test.tsx covers the rest)', () => {
    const checking = render(<SiteHeader />, '/somewhere', { checking: true });
    expect(checking).toMatch(/<button type="button" disabled="" aria-label="Loading account"/);
    expect(checking).not.toContain('href="/auth/login"');
  });

  it("renders a visitor's Sign in and Sign up into the server's HTML, with no placeholder", () => {
    const desktop = html.slice(0, html.indexOf('aria-label="Primary (mobile)"'));
    expect(desktop).toContain('href="/auth/login"');
    expect(desktop).toContain('href="/auth/register"');
    expect(html).not.toContain('aria-label="Loading account"');
  });

  it("gives a visitor's mobile menu Sign in and Sign up, and no signed-in part", () => {
    const panel = html.slice(html.indexOf('aria-label="Primary (mobile)"'));
    expect(panel).toContain('href="/auth/login"');
    expect(panel).toContain('href="/auth/register"');
    expect(panel).not.toContain('href="/providers"');
  });

  it('has a labelled, collapsed mobile menu button that controls a hidden panel', () => {
    const button = /<button[^>]*aria-expanded="false"[^>]*aria-controls="([^"]+)"[^>]*>.*?<\/button>/.exec(html);
    expect(button?.[0]).toContain('Menu');
    const panelId = button?.[1] ?? 'missing';
    expect(html).toMatch(new RegExp(`id="${panelId}" hidden=""`));
    expect(html).toContain('aria-label="Primary (mobile)"');
  });

  it('uses logical properties only, so Arabic mirrors', () => {
    expect(html).not.toMatch(/\b(ml|mr|pl|pr|left|right)-\d|\btext-(left|right)\b/);
  });
});

describe('SiteFooter', () => {
  const html = render(<SiteFooter year={2031} />);

  it('has the Company, Resources and Legal columns with their links', () => {
    expect(html).toContain('aria-label="Footer"');
    for (const column of FOOTER_COLUMNS) for (const link of column.links) expect(html).toContain(`href="${link.to}"`);
    expect(html).toContain('>Company</h2>');
    expect(html).toContain('>Resources</h2>');
    expect(html).toContain('>Legal</h2>');
    expect(html).toContain('>Provider resources</a>');
  });

  it('has the copyright line', () => {
    expect(html).toContain('© 2031 Tendwell');
  });

  it('renders the newsletter, contact and social slots it is given', () => {
    const withSlots = render(<SiteFooter newsletter={<p>N</p>} contact={<p>C</p>} social={<p>S</p>} />);
    expect(withSlots).toContain('<p>N</p>');
    expect(withSlots).toContain('<p>C</p>');
    expect(withSlots).toContain('<p>S</p>');
  });
});

describe('NotFoundContent', () => {
  it('has the title, the apology and a link home named after the product', () => {
    const html = render(<NotFoundContent pathname="/nowhere" />);
    expect(html).toContain('<title>Page Not Found · Tendwell</title>');
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(html).toContain('Sorry, we couldn&#x27;t find the page you&#x27;re looking for...');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Tendwell<\/a>/);
    expect(html).not.toContain('Find a provider');
  });

  it('offers the directory when the missing page was a provider’s profile or booking page', () => {
    for (const path of ['/providers/no-such-id', '/appointments/book/no-such-id']) {
      expect(render(<NotFoundContent pathname={path} />)).toMatch(/<a[^>]*href="\/providers"[^>]*>Find a provider<\/a>/);
    }
  });
});
