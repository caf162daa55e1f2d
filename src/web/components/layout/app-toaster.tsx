import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster, type ToasterProps, toast } from 'sonner';
import { TOAST } from '~/shared/toast';

/**
 * The Toaster options of spec §9 (src/shared/toast.ts). Sonner takes the duration, the number of
 * visible toasts and the gap as props and the width through its `--width` variable; 356 px wide
 * is also its own default. Its swipe-dismiss threshold is not an option: Sonner 1.7 hard-codes the
 * spec's 20 px (Sonner 2 uses 45 px), which is why package.json pins Sonner 1.7.
 */
export function toasterProps(dir: 'ltr' | 'rtl'): ToasterProps {
  return {
    duration: TOAST.durationMs,
    visibleToasts: TOAST.visibleToasts,
    gap: TOAST.gapPx,
    // A CSS custom property is not a key of CSSProperties; the cast only widens the key set.
    style: { '--width': `${TOAST.widthPx}px` } as CSSProperties,
    dir,
    // Toasts sit at the end corner, so they follow the reading direction.
    position: dir === 'rtl' ? 'bottom-left' : 'bottom-right',
    theme: 'light',
  };
}

/**
 * Shows the toasts raised before the Toaster subscribed. The Toaster's code loads after the first
 * render, and Sonner only delivers toasts to a mounted Toaster; publishing a waiting toast again
 * under its own id hands it over. (The Toaster's effect, a child's, has subscribed by now.)
 */
export function showToastsRaisedBeforeMount(): void {
  for (const item of toast.getToasts()) {
    if ('dismiss' in item) continue;
    const { title, type: _type, ...rest } = item;
    toast.message(title, rest);
  }
}

/** The one Toaster of the app. */
export function AppToaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation();
  useEffect(showToastsRaisedBeforeMount, []);
  return <Toaster {...toasterProps(dir)} containerAriaLabel={t('toasts.region')} />;
}
