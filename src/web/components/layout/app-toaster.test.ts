import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { TOAST } from '~/shared/toast';
import { createEnglishI18n } from '~/web/lib/i18n';
import { AppToaster, toasterProps } from './app-toaster';

/**
 * The source of the Sonner build the app bundles. The build is minified, so this reads the
 * original sources its source map carries (the ESM entry the bundler picks).
 */
function sonnerSource(): string {
  // Resolves to dist/index.js (the CommonJS entry); the ESM build and its map sit beside it.
  const commonJsEntry = createRequire(import.meta.url).resolve('sonner');
  const map = JSON.parse(readFileSync(join(dirname(commonJsEntry), 'index.mjs.map'), 'utf8')) as { sourcesContent: string[] };
  return map.sourcesContent.join('\n');
}

/** The value of a top-level `const NAME = <number>;` in Sonner's build. */
function sonnerConstant(name: string): number | undefined {
  const match = new RegExp(`\\bconst ${name} = (\\d+);`).exec(sonnerSource());
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

describe('TOAST', () => {
  it('holds the toast constants of spec §9', () => {
    expect(TOAST).toEqual({ durationMs: 4000, visibleToasts: 3, widthPx: 356, gapPx: 14, swipeThresholdPx: 20 });
  });
});

describe('toasterProps', () => {
  it('passes the spec constants and puts toasts at the bottom right in left-to-right languages', () => {
    expect(toasterProps('ltr')).toEqual({
      duration: 4000,
      visibleToasts: 3,
      gap: 14,
      style: { '--width': '356px' },
      dir: 'ltr',
      position: 'bottom-right',
      theme: 'light',
    });
  });

  it('puts toasts at the bottom left in right-to-left languages', () => {
    expect(toasterProps('rtl')).toEqual({
      duration: 4000,
      visibleToasts: 3,
      gap: 14,
      style: { '--width': '356px' },
      dir: 'rtl',
      position: 'bottom-left',
      theme: 'light',
    });
  });

  it('derives every value from TOAST', () => {
    const props = toasterProps('ltr');
    expect(props.duration).toBe(TOAST.durationMs);
    expect(props.visibleToasts).toBe(TOAST.visibleToasts);
    expect(props.gap).toBe(TOAST.gapPx);
    expect(props.style).toEqual({ '--width': `${TOAST.widthPx}px` });
  });
});

describe('AppToaster', () => {
  it('labels the notification region in the interface language', () => {
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n: createEnglishI18n() }, createElement(AppToaster, { dir: 'ltr' })),
    );
    expect(html).toMatch(/<section [^>]*aria-label="Notifications[^"]*"/);
  });
});

describe('Sonner', () => {
  it('reads its constants from the installed build', () => {
    // Guards the regex below: these are Sonner's defaults the app's props replace or match.
    expect(sonnerConstant('TOAST_LIFETIME')).toBe(4000);
    expect(sonnerConstant('VISIBLE_TOASTS_AMOUNT')).toBe(3);
    expect(sonnerConstant('TOAST_WIDTH')).toBe(356);
    expect(sonnerConstant('GAP')).toBe(14);
  });

  it('applies the --width from the style prop over its own default', () => {
    // The Toaster spreads `style` after its defaults, so the app's --width wins.
    expect(sonnerSource()).toMatch(/'--width': `\$\{TOAST_WIDTH\}px`,\s*'--gap': `\$\{gap\}px`,\s*\.\.\.style,/);
  });

  it('dismisses on a 20 px swipe, as spec §9 asks', () => {
    // The threshold is not an option in any Sonner version: Sonner 1.7 hard-codes the spec's 20 px,
    // Sonner 2 raised it to 45 px. package.json pins Sonner 1.7 for that reason; this test fails
    // if an upgrade changes it.
    expect(sonnerConstant('SWIPE_THRESHOLD')).toBe(TOAST.swipeThresholdPx);
  });
});
