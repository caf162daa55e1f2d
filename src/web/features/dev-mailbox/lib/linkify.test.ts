import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http(s) links into links and keeps everything else as text', () => {
    expect(linkify('Open https://x.test/a?b=1&c=2. Or http://y.test/z, then stop')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://x.test/a?b=1&c=2' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', href: 'http://y.test/z' },
      { kind: 'text', text: ', then stop' },
    ]);
  });

  it('never links other schemes', () => {
    expect(linkify('javascript:alert(1) data:text/html,hi mailto:a@b.test')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,hi mailto:a@b.test' },
    ]);
  });

  it('handles text without links and a link alone', () => {
    expect(linkify('')).toEqual([]);
    expect(linkify('https://only.test/')).toEqual([{ kind: 'link', href: 'https://only.test/' }]);
  });
});
