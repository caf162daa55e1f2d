import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AnalyticsEventRequest, AnalyticsProperties } from '~/shared/contracts/consent';
import { type RegionCode, getRegion, regionalMarketing } from '~/shared/regions';
import { allowsAnalytics, useConsent } from './consent';

export const ANALYTICS_PATH = '/api/v1/analytics/events';

/** Spec §7's properties (the server adds the user agent from the request). */
export function analyticsProperties(input: {
  region: RegionCode;
  page: string;
  referrer: string;
  language: string;
  timeZone: string;
}): AnalyticsProperties {
  const region = getRegion(input.region);
  return {
    page: input.page.slice(0, 500),
    referrer: input.referrer.slice(0, 500),
    region: region.code,
    regionName: region.name,
    healthcareSystem: region.healthcareSystem,
    complianceContext: regionalMarketing(input.region).complianceBadges.join(', ').slice(0, 200),
    currency: region.currency.code,
    timezone: input.timeZone,
    language: input.language,
  };
}

function send(event: AnalyticsEventRequest): void {
  // First party only, fire and forget; keepalive lets a click that navigates away still arrive.
  void fetch(ANALYTICS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * First-party analytics (spec §7). Nothing is sent, not even a request, unless the consent in
 * force allows analytics; the server checks again and stores nothing otherwise.
 */
export function useAnalytics() {
  const { data: consent, region } = useConsent();
  const { i18n } = useTranslation();
  const enabled = allowsAnalytics(consent);
  const base = useCallback(
    () =>
      analyticsProperties({
        region,
        page: window.location.pathname + window.location.search,
        referrer: document.referrer,
        language: i18n.language,
        timeZone: browserTimeZone(),
      }),
    [region, i18n.language],
  );
  const trackPageView = useCallback(() => {
    if (enabled) send({ type: 'page_view', regionCode: region, properties: base() });
  }, [enabled, region, base]);
  const trackCta = useCallback(
    (ctaType: string, ctaText: string, section: string) => {
      if (!enabled) return;
      send({
        type: 'cta_click',
        regionCode: region,
        properties: { ...base(), ctaType: ctaType.slice(0, 50), ctaText: ctaText.trim().slice(0, 200), section: section.slice(0, 50) },
      });
    },
    [enabled, region, base],
  );
  return { enabled, trackPageView, trackCta };
}

/** Records a page view on each route change, once analytics is allowed (mounted in the root layout). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { trackPageView } = useAnalytics();
  useEffect(() => {
    trackPageView();
  }, [pathname, trackPageView]);
  return null;
}
