import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '~/shared/contracts/auth';
import type { Permission } from '~/shared/permissions';
import { createEnglishI18n } from '~/web/lib/i18n';
import { SESSION_QUERY_KEY } from '~/web/lib/session';
import { UNREAD_MESSAGES_QUERY_KEY } from '~/web/lib/unread-messages';
import { MessagesLink, MessagesSummary } from './messages-link';

function session(permissions: Permission[]): SessionState {
  return {
    user: {
      id: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      emailVerified: true,
      role: 'patient',
      professionalStatus: 'not_applicable',
      image: null,
      locale: 'en',
      timeZone: null,
      region: null,
      twoFactorEnabled: false,
    },
    session: { id: 's1', expiresAt: '2031-01-01T00:00:00.000Z', createdAt: '2030-12-01T00:00:00.000Z' },
    currentTenant: null,
    tenantNotice: null,
    permissions,
    landingPath: '/dashboard',
  };
}

function render(node: ReactNode, state: SessionState | null, unread?: number): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, state);
  if (unread !== undefined) client.setQueryData(UNREAD_MESSAGES_QUERY_KEY, { unread });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createEnglishI18n()}>
        <MemoryRouter initialEntries={['/somewhere']}>{node}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('MessagesLink', () => {
  it('leads a patient to /messages, the count as visually hidden text and a hidden badge', () => {
    const html = render(<MessagesLink />, session(['account.self', 'appointments.self', 'messages.self']), 3);
    expect(html).toContain('href="/messages"');
    expect(html).toContain('<span class="sr-only">Messages, 3 unread messages</span>');
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>3<\/span>/);
  });

  it('leads practice staff to /provider/messages, and says only "Messages" without unread ones', () => {
    const html = render(<MessagesLink />, session(['account.self', 'appointments.self', 'messages.self', 'appointments.manage']), 0);
    expect(html).toContain('href="/provider/messages"');
    expect(html).toContain('<span class="sr-only">Messages</span>');
    expect(html).not.toContain('aria-hidden="true" data-testid');
  });

  it('is not there for people who may not message', () => {
    expect(render(<MessagesLink />, null)).toBe('');
  });
});

describe('MessagesSummary', () => {
  it('shows the unread count with a link to the inbox', () => {
    const html = render(<MessagesSummary />, session(['messages.self']), 1);
    expect(html).toContain('1 unread message');
    expect(html).toContain('href="/messages"');
    expect(render(<MessagesSummary />, session(['messages.self']), 0)).toContain('No unread messages.');
  });
});
