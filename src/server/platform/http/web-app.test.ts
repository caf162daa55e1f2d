import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashInlineScripts } from './web-app.js';

const sha = (text: string) => 'sha256-' + createHash('sha256').update(text, 'utf8').digest('base64');

describe('hashInlineScripts', () => {
  it('hashes each distinct inline script body exactly as the browser will', () => {
    const html =
      '<html><head><script>window.a = 1;</script><script src="/assets/x.js"></script>' +
      '<script type="module">import("/assets/entry.js");\n</script><script>window.a = 1;</script><script>  </script></head></html>';
    expect(hashInlineScripts(html)).toEqual([sha('window.a = 1;'), sha('import("/assets/entry.js");\n')]);
  });

  it('returns nothing for a page without inline scripts', () => {
    expect(hashInlineScripts('<script src="/a.js"></script>')).toEqual([]);
  });
});
