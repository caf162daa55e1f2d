import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { ConsentRecord, SaveConsentRequest } from '~/shared/contracts/consent';
import type { RegionCode } from '~/shared/regions';
import { apiFetch } from './api-client';
import { useHydrated } from './use-hydrated';
import { useRegion } from './region';

export const CONSENT_PATH = '/api/v1/cookie-consent';

// Read by every page's cookie banner: the schemas (and zod) load with the request (SchemaSource).
const consentSchemas = () => import('~/shared/contracts/consent');

export function consentQueryKey(region: RegionCode) {
  return ['cookie-consent', region] as const;
}

/**
 * The cookie consent in force for this visitor in the current region (spec §4), read from the
 * server after hydration. `undefined` data while loading; `null` when there is none.
 */
export function useConsent() {
  const region = useRegion();
  const hydrated = useHydrated();
  const query = useQuery({
    queryKey: consentQueryKey(region),
    queryFn: ({ signal }) => apiFetch(`${CONSENT_PATH}?region=${region}`, { schema: () => consentSchemas().then((m) => m.ConsentResponseSchema), signal }).then((r) => r.consent),
    enabled: hydrated,
    staleTime: Infinity,
    retry: 1,
  });
  return { ...query, region };
}

/** Saves a choice for the current region; the answer becomes the consent in force. */
export function useSaveConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: SaveConsentRequest) => apiFetch(CONSENT_PATH, { method: 'POST', body: choice, schema: () => consentSchemas().then((m) => m.ConsentRecordSchema) }),
    onSuccess: (record: ConsentRecord) => {
      client.setQueryData(consentQueryKey(record.regionCode), record);
    },
  });
}

/** Whether analytics may run: only with a consent in force that allows it. */
export function allowsAnalytics(consent: ConsentRecord | null | undefined): boolean {
  return consent?.analytics === true;
}

// The preferences dialog can be opened from anywhere (the footer's button, the banner).
let preferencesOpen = false;
const listeners = new Set<() => void>();
// What had the focus when it opened (the footer's button): it gets the focus back on closing, as
// a dialog opened by its own trigger would.
let openedFrom: HTMLElement | null = null;

export function setCookiePreferencesOpen(open: boolean): void {
  if (open && !preferencesOpen && typeof document !== 'undefined') {
    openedFrom = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  preferencesOpen = open;
  for (const listener of listeners) listener();
}

/** The element the preferences dialog was opened from, while it is still on the page (else null). */
export function cookiePreferencesOpenedFrom(): HTMLElement | null {
  return openedFrom?.isConnected ? openedFrom : null;
}

export function useCookiePreferencesOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => preferencesOpen,
    () => false,
  );
}
