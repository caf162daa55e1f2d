import { describe, expect, it } from 'vitest';
import { acceptedLanguages, languageFromRootData, readCookie, siteOrigin, visitorOfRequest } from './page-request';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('visitorOfRequest', () => {
  it('takes ?lang= and ?region= first', () => {
    const r = request('http://x.test/?lang=ar&region=gb', { cookie: 'i18next=fr; userRegion=AU', 'accept-language': 'es-MX' });
    expect(visitorOfRequest(r)).toEqual({ language: 'ar', region: 'GB' });
  });

  it('then the remembered choices in cookies', () => {
    const r = request('http://x.test/about', { cookie: 'a=b; i18next=zh-CN; userRegion=AU', 'accept-language': 'es-MX' });
    expect(visitorOfRequest(r)).toEqual({ language: 'zh-CN', region: 'AU' });
  });

  it('then Accept-Language, by weight', () => {
    const r = request('http://x.test/', { 'accept-language': 'de;q=0.9, pt-BR;q=0.8, en;q=0.1' });
    expect(visitorOfRequest(r)).toEqual({ language: 'pt', region: 'BR' });
  });

  it('falls back to English and the US, and ignores unknown values', () => {
    const r = request('http://x.test/?lang=xx&region=ZZ', { cookie: 'i18next=%E0%A4%A; userRegion=nowhere' });
    expect(visitorOfRequest(r)).toEqual({ language: 'en', region: 'US' });
  });
});

describe('acceptedLanguages', () => {
  it('orders by q-value, keeps header order on ties, drops q=0 and *', () => {
    expect(acceptedLanguages('fr;q=0.5, es, *, de;q=0, ar;q=0.5')).toEqual(['es', 'fr', 'ar']);
    expect(acceptedLanguages(null)).toEqual([]);
  });
});

describe('readCookie', () => {
  it('reads one cookie and survives bad encoding', () => {
    expect(readCookie('a=1; b=hello%20there', 'b')).toBe('hello there');
    expect(readCookie('a=%E0%A4%A', 'a')).toBeUndefined();
    expect(readCookie(null, 'a')).toBeUndefined();
  });
});

describe('siteOrigin and languageFromRootData', () => {
  it('prefers the configured public origin', () => {
    expect(siteOrigin(request('http://internal:3000/x'), { publicOrigin: 'https://tendwell.example' })).toBe('https://tendwell.example');
    expect(siteOrigin(request('http://internal:3000/x'), { publicOrigin: undefined })).toBe('http://internal:3000');
  });

  it('reads a supported language from the root data, else English', () => {
    expect(languageFromRootData({ language: 'ar' })).toBe('ar');
    expect(languageFromRootData({ language: 'de' })).toBe('en');
    expect(languageFromRootData(undefined)).toBe('en');
  });
});
