import { Transform } from 'node:stream';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const HEAD_END = '</head>';

/**
 * The document as React writes it, with `fetchpriority="low"` on the module preloads in its head.
 * React Router's <Scripts> lists every module of the page as a preload, and React hoists them into
 * <head>, where the browser fetches them at high priority next to the stylesheet and the images the
 * first paint needs. Low, they still arrive before the scripts that import them are run, without
 * taking bandwidth from what is painted first. Only the head is rewritten (it is kept until
 * `</head>` arrives); the body passes through untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  // Kept as latin1 text: one character per byte, so a character split between two chunks, or the
  // bytes after </head> in the same chunk, come out exactly as they went in.
  let head: string | null = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += (typeof chunk === 'string' ? Buffer.from(chunk) : chunk).toString('latin1');
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const rewritten = head.slice(0, end).replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`) + head.slice(end);
      head = null;
      callback(null, Buffer.from(rewritten, 'latin1'));
    },
    flush(callback) {
      callback(null, head ? Buffer.from(head, 'latin1') : undefined);
    },
  });
}
