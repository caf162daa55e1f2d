import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { PLAN_TYPES } from '~/shared/roles';
import { createEnglishI18n } from '~/web/lib/i18n';
import enDashboard from '../../../../../public/locales/en/dashboard.json';
import { PLAN_BADGE_CLASS_NAMES, PlanBadge } from './plan-badge';
import { daysOfRange, UsageChart } from './usage-section';

function render(node: ReactNode, language = 'en'): string {
  const i18n = createEnglishI18n();
  i18n.addResourceBundle('en', 'dashboard', enDashboard);
  if (language !== 'en') {
    i18n.addResourceBundle(language, 'dashboard', enDashboard);
    void i18n.changeLanguage(language);
  }
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

describe('PlanBadge', () => {
  it('writes the plan out and uses the spec colours: starter grey, professional blue, enterprise purple, white label gold', () => {
    const expected = { starter: 'slate', professional: 'blue', enterprise: 'purple', white_label: 'amber' } as const;
    for (const plan of PLAN_TYPES) {
      const html = render(<PlanBadge plan={plan} />);
      expect(html).toContain(`>${enDashboard.tenants.plans[plan]}</span>`);
      expect(PLAN_BADGE_CLASS_NAMES[plan]).toContain(`bg-${expected[plan]}-100`);
      // Dark text on the light tint (WCAG contrast well above 4.5:1).
      expect(PLAN_BADGE_CLASS_NAMES[plan]).toMatch(new RegExp(`text-${expected[plan]}-(800|900)`));
    }
  });
});

describe('UsageChart', () => {
  const usage = {
    from: '2031-03-01',
    to: '2031-03-04',
    days: [
      { date: '2031-03-02', activeUsers: 5, signIns: 7, storageBytes: 100 },
      { date: '2031-03-04', activeUsers: 3, signIns: 1, storageBytes: 200 },
    ],
  };

  it('lists every day of the range, with the rows the job recorded', () => {
    expect(daysOfRange(usage).map((d) => [d.date, d.row?.activeUsers ?? null])).toEqual([
      ['2031-03-01', null],
      ['2031-03-02', 5],
      ['2031-03-03', null],
      ['2031-03-04', 3],
    ]);
  });

  it('is an image named by a summary of its numbers, with one bar per recorded day', () => {
    const html = render(<UsageChart usage={usage} metric="activeUsers" label="Active users" format={String} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Active users over 2 recorded days: latest 3, highest 5."');
    expect(html.match(/<rect /g)).toHaveLength(2);
  });

  it('runs time in the reading direction (mirrored in Arabic)', () => {
    const x = (html: string) => [...html.matchAll(/<rect x="([\d.]+)"/g)].map((m) => Number(m[1]));
    const ltr = x(render(<UsageChart usage={usage} metric="signIns" label="Sign-ins" format={String} />));
    const rtl = x(render(<UsageChart usage={usage} metric="signIns" label="Sign-ins" format={String} />, 'ar'));
    expect(ltr[0]).toBeLessThan(ltr[1] ?? 0);
    expect(rtl[0]).toBeGreaterThan(rtl[1] ?? 0);
  });
});
