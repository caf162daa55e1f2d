import i18next, { type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createEnglishI18n } from '~/web/lib/i18n';
import frCommon from '../../../../public/locales/fr/common.json';
import { ErrorFallback, type ErrorFallbackProps, classifyError } from './error-fallback';

/** What React Router throws for a URL no route matches. */
const routeNotFound = new ErrorResponseImpl(404, 'Not Found', new Error('No route matches URL "/nowhere"'), true);

function frenchI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'fr',
    ns: ['common'],
    defaultNS: 'common',
    resources: { fr: { common: frCommon } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** The page's markup with the HTML entities React escapes decoded, for readable assertions. */
function render(props: Omit<ErrorFallbackProps, 'pathname'> & { pathname?: string }): string {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[props.pathname ?? '/somewhere']}>
      <ErrorFallback pathname="/somewhere" {...props} />
    </MemoryRouter>,
  );
  return html
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('classifyError', () => {
  it('shows a thrown error with its message', () => {
    expect(classifyError(new Error('Cannot read properties of undefined'), true)).toEqual({
      kind: 'fallback',
      message: 'Cannot read properties of undefined',
    });
    expect(classifyError(new TypeError('  padded  '), true)).toEqual({ kind: 'fallback', message: 'padded' });
  });

  it('shows a thrown error without a message with the generic text', () => {
    expect(classifyError(new Error(''), true)).toEqual({ kind: 'fallback', message: null });
    expect(classifyError(new Error('   '), true)).toEqual({ kind: 'fallback', message: null });
  });

  it('shows a thrown string as the message and anything else without one', () => {
    expect(classifyError('boom', true)).toEqual({ kind: 'fallback', message: 'boom' });
    expect(classifyError({ reason: 'x' }, true)).toEqual({ kind: 'fallback', message: null });
    expect(classifyError(undefined, true)).toEqual({ kind: 'fallback', message: null });
  });

  it('shows the not-found page for a 404 routing error, ready or not', () => {
    expect(classifyError(routeNotFound, true)).toEqual({ kind: 'not-found' });
    expect(classifyError(routeNotFound, false)).toEqual({ kind: 'not-found' });
    expect(classifyError(new ErrorResponseImpl(404, 'Not Found', null), true)).toEqual({ kind: 'not-found' });
  });

  it('shows any other routing error as fatal with its status', () => {
    expect(classifyError(new ErrorResponseImpl(500, 'Internal Server Error', null), true)).toEqual({
      kind: 'fatal',
      message: '500 Internal Server Error',
    });
    expect(classifyError(new ErrorResponseImpl(503, 'Service Unavailable', 'Try again later'), true)).toEqual({
      kind: 'fatal',
      message: '503 Service Unavailable: Try again later',
    });
    expect(classifyError(new ErrorResponseImpl(500, '', { detail: 'object' }), true)).toEqual({ kind: 'fatal', message: '500' });
    expect(classifyError(new ErrorResponseImpl(405, 'Method Not Allowed', new Error('No action'), true), true)).toEqual({
      kind: 'fatal',
      message: '405 Method Not Allowed: Error: No action',
    });
  });

  it('shows anything that failed before the translations were ready as fatal', () => {
    expect(classifyError(new Error('Chunk failed to load'), false)).toEqual({ kind: 'fatal', message: 'Chunk failed to load' });
    expect(classifyError(new Error(''), false)).toEqual({ kind: 'fatal', message: null });
    expect(classifyError('boom', false)).toEqual({ kind: 'fatal', message: 'boom' });
  });
});

describe('ErrorFallback', () => {
  it("renders 'Something went wrong' with the message and a reload button", () => {
    const html = render({ error: new Error('Widget exploded'), i18n: createEnglishI18n(), i18nReady: true });
    expect(html).toContain('<title>Something went wrong · Tendwell</title>');
    expect(html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/);
    expect(html).toMatch(/<p[^>]*>Widget exploded<\/p>/);
    expect(html).toMatch(/<button type="button"[^>]*>Reload Page<\/button>/);
    expect(html).not.toContain('An unexpected error occurred');
    expect(html).not.toContain('Unexpected Application Error!');
  });

  it("renders 'An unexpected error occurred' for an error without a message", () => {
    const html = render({ error: new Error(''), i18n: createEnglishI18n(), i18nReady: true });
    expect(html).toMatch(/<h1[^>]*>Something went wrong<\/h1>/);
    expect(html).toMatch(/<p[^>]*>An unexpected error occurred<\/p>/);
    expect(html).toContain('Reload Page');
  });

  it("renders the fatal 'Unexpected Application Error!' in English when translations are not ready", () => {
    const html = render({ error: new Error('Translations never loaded'), i18n: frenchI18n(), i18nReady: false });
    expect(html).toContain('<main id="main" lang="en" dir="ltr" class=');
    expect(html).toContain('<title>Unexpected Application Error! · Tendwell</title>');
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(html).toMatch(/<p[^>]*>Translations never loaded<\/p>/);
    expect(html).not.toContain('Reload Page');
    expect(html).not.toContain('Something went wrong');
  });

  it('renders the generic text in a fatal error without a message', () => {
    const html = render({ error: null, i18nReady: false });
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(html).toMatch(/<p[^>]*>An unexpected error occurred<\/p>/);
  });

  it('renders a non-404 routing error as fatal with its status', () => {
    const error = new ErrorResponseImpl(500, 'Internal Server Error', 'Loader crashed');
    const html = render({ error, i18n: createEnglishI18n(), i18nReady: true });
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(html).toMatch(/<p[^>]*>500 Internal Server Error: Loader crashed<\/p>/);
  });

  it("renders the not-found page ('Page Not Found') for a 404 routing error", () => {
    const html = render({ error: routeNotFound, pathname: '/nowhere', i18nReady: false });
    expect(html).toContain('<title>Page Not Found · Tendwell</title>');
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(html).toContain("Sorry, we couldn't find the page you're looking for...");
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Tendwell<\/a>/);
    expect(html).not.toContain('Unexpected Application Error!');
  });

  it("renders in the app's language, without forcing lang, when translations are ready", () => {
    const html = render({ error: new Error('Boum'), i18n: frenchI18n(), i18nReady: true });
    expect(html).toContain('<main id="main" class=');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${frCommon.errorFallback.title}</h1>`));
    expect(html).toContain(frCommon.errorFallback.reload);
    expect(html).not.toContain('Something went wrong');
  });
});
