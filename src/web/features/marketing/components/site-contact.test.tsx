import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '~/shared/contracts/site';
import { createEnglishI18n } from '~/web/lib/i18n';
import { countryName } from '~/web/lib/country-name';
import { SiteContact, SiteContactDetails, phoneHref } from './site-contact';

const SITE: SiteInfo = {
  productName: 'Tendwell',
  contact: { phones: ['+44 20 7946 0000', '+234 (1) 555 0100'], email: 'hello@example.org' },
  offices: [
    { countryCode: 'GB', city: 'Manchester', addressLines: ['1 Example Street'] },
    { countryCode: 'NG', city: 'Abuja', addressLines: ['2 Sample Road'] },
  ],
  social: [],
  demoMode: false,
};

function render(node: ReactNode, i18n = createEnglishI18n()): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

describe('site contact', () => {
  it('renders phones, email and offices from the site info', () => {
    const html = render(<SiteContactDetails site={SITE} />);
    expect(html).toContain('href="tel:+442079460000"');
    expect(html).toContain('+44 20 7946 0000');
    expect(html).toContain('href="tel:+23415550100"');
    expect(html).toContain('href="mailto:hello@example.org"');
    expect(html).toContain('United Kingdom');
    expect(html).toContain('Nigeria');
    expect(html).toContain('Manchester');
    expect(html).toContain('2 Sample Road');
  });

  it('names office countries in the interface language', async () => {
    const french = i18next.createInstance();
    await french.init({ lng: 'fr', resources: { fr: { common: {} } }, defaultNS: 'common' });
    expect(render(<SiteContactDetails site={SITE} />, french)).toContain('Royaume-Uni');
    expect(countryName('GB', 'ar')).toBe('المملكة المتحدة');
    expect(countryName('ng', 'zh-CN')).toBe('尼日利亚');
  });

  it('shows a quiet loading state before the data arrives', () => {
    const html = render(
      <QueryClientProvider client={new QueryClient()}>
        <SiteContact />
      </QueryClientProvider>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading contact details');
  });

  it('builds tel: links from displayed numbers', () => {
    expect(phoneHref('+1 (555) 010-0199')).toBe('tel:+15550100199');
  });
});
