import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import enCommon from '../../../../../public/locales/en/common.json';
import enHome from '../../../../../public/locales/en/home.json';
import { HomeLoadError, homeState } from './home-page';

function english() {
  const instance = i18next.createInstance();
  void instance.init({ lng: 'en', resources: { en: { common: enCommon, home: enHome } }, defaultNS: 'common', initAsync: false });
  return instance;
}

describe('home page state (spec §4)', () => {
  it('is loading until the data arrives, ready once it has or after the forced render, and error when loading failed', () => {
    expect(homeState({ isError: false, isSuccess: false }, false)).toBe('loading');
    expect(homeState({ isError: false, isSuccess: true }, false)).toBe('ready');
    expect(homeState({ isError: false, isSuccess: false }, true)).toBe('ready');
    expect(homeState({ isError: true, isSuccess: false }, true)).toBe('error');
  });

  it('shows the spec’s error view: Something went wrong, the message (or the fallback) and Try Again', () => {
    const render = (message: string | undefined) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={english()}>
          <HomeLoadError message={message} onRetry={() => undefined} />
        </I18nextProvider>,
      );
    const withMessage = render('Network unreachable');
    expect(withMessage).toContain('role="alert"');
    expect(withMessage).toContain('Something went wrong');
    expect(withMessage).toContain('Network unreachable');
    expect(withMessage).toContain('Try Again');
    expect(render(undefined)).toContain('An unexpected error occurred');
  });
});
