import type { RegionCode } from '~/shared/regions';

/**
 * Regional notifications (spec §3 "Regional notification"): id, type, regions and an optional
 * call to action; the words are in the `home` namespace under `notifications.items.<id>`.
 * Spec §2: the notices for Australia, the UK and Nigeria open their page in a new tab.
 */
export type NotificationType = 'success' | 'info' | 'warning';

/** Notices without a call to action. */
type PlainNotificationId = 'canada-privacy' | 'emergency-services';
/** Notices with a call to action (their `cta` text exists in the translations). */
export type CtaNotificationId = 'ndis-registered' | 'nhs-compliance' | 'nigeria-pricing' | 'verify-providers';
export type NotificationId = PlainNotificationId | CtaNotificationId;

interface NotificationBase {
  type: NotificationType;
  /** Regions that see it; `all` for every region. */
  regions: readonly RegionCode[] | 'all';
  dismissible: boolean;
}

export type RegionalNotification =
  | (NotificationBase & { id: CtaNotificationId; cta: { to: string; newTab: boolean } })
  | (NotificationBase & { id: PlainNotificationId; cta?: undefined });

export const REGIONAL_NOTIFICATIONS: readonly RegionalNotification[] = [
  { id: 'ndis-registered', type: 'success', regions: ['AU'], cta: { to: '/ndis', newTab: true }, dismissible: true },
  { id: 'nhs-compliance', type: 'info', regions: ['GB'], cta: { to: '/nhs-compliance', newTab: true }, dismissible: true },
  { id: 'nigeria-pricing', type: 'info', regions: ['NG'], cta: { to: '/nigeria-pricing', newTab: true }, dismissible: true },
  { id: 'canada-privacy', type: 'info', regions: ['CA'], dismissible: true },
  { id: 'emergency-services', type: 'warning', regions: 'all', dismissible: true },
  { id: 'verify-providers', type: 'success', regions: 'all', cta: { to: '/blog/how-we-verify-providers', newTab: false }, dismissible: true },
];

/** Browser-stored list of dismissed ids (spec §3 'dismissedRegionalNotifications'), mirrored in a cookie for server rendering. */
export const DISMISSED_NOTIFICATIONS_KEY = 'dismissedRegionalNotifications';
const KNOWN_IDS = new Set<string>(REGIONAL_NOTIFICATIONS.map((n) => n.id));

/** Reads a stored list: only known ids survive, anything unparseable is an empty list. */
export function parseDismissed(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is string => typeof id === 'string' && KNOWN_IDS.has(id)))];
  } catch {
    return [];
  }
}

/** The notifications a region shows, leaving out dismissed ones, in their defined order. */
export function notificationsFor(region: RegionCode, dismissed: readonly string[]): RegionalNotification[] {
  return REGIONAL_NOTIFICATIONS.filter(
    (n) => (n.regions === 'all' || n.regions.includes(region)) && !(n.dismissible && dismissed.includes(n.id)),
  );
}

/** Saves a dismissal in local storage and in a year-long cookie (read by the server on the next visit). */
export function saveDismissed(ids: readonly string[]): void {
  const value = JSON.stringify([...new Set(ids)]);
  try {
    window.localStorage.setItem(DISMISSED_NOTIFICATIONS_KEY, value);
  } catch {
    // Storage can be unavailable; the cookie still carries the dismissal.
  }
  document.cookie = `${DISMISSED_NOTIFICATIONS_KEY}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Reads the dismissals kept in this browser (local storage, else the cookie). */
export function readDismissedInBrowser(): string[] {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(DISMISSED_NOTIFICATIONS_KEY);
  } catch {
    stored = null;
  }
  if (stored !== null) return parseDismissed(stored);
  const cookie = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DISMISSED_NOTIFICATIONS_KEY}=`));
  if (!cookie) return [];
  try {
    return parseDismissed(decodeURIComponent(cookie.slice(DISMISSED_NOTIFICATIONS_KEY.length + 1)));
  } catch {
    return [];
  }
}
