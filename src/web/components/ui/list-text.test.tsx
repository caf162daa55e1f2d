import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListText } from './list-text';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ListText', () => {
  it('writes a list as the language does, each item isolated', () => {
    const times = ['9:00–12:00', '13:00–17:00', '18:00–19:00'];
    expect(text(renderToStaticMarkup(<ListText items={times} language="en" />))).toBe('9:00–12:00, 13:00–17:00, and 18:00–19:00');
    // Arabic joins with its "and" (و), not ", ".
    const arabic = text(renderToStaticMarkup(<ListText items={times} language="ar" />));
    expect(arabic).toBe('9:00–12:00 و13:00–17:00 و18:00–19:00');
    expect(renderToStaticMarkup(<ListText items={['English', 'العربية']} language="fr" />)).toBe('<bdi>English</bdi> et <bdi>العربية</bdi>');
  });

  it('says `empty` for no items', () => {
    expect(renderToStaticMarkup(<ListText items={[]} language="en" empty="None" />)).toBe('None');
  });
});
