import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { createServerI18n, namespacesOfMatches } from '~/web/lib/i18n.server';
import { scriptsAfterFirstPaint } from '~/web/lib/scripts-after-first-paint.server';
import { languageFromRootData } from '~/web/lib/page-request';

/** Rendering gives up (and sends what it has, with error boundaries) after this long. */
export const streamTimeout = 5_000;

declare module 'react-router' {
  interface AppLoadContext {
    /** The CSP nonce of this response (the server's page policy allows scripts carrying it). */
    cspNonce: string;
    /** The site's public origin when the server is configured with one (PUBLIC_URL). */
    publicOrigin: string | undefined;
    /**
     * GET on our own JSON API as this page's visitor (their cookies and language), answered in
     * process: `{ status, body }` (src/server/platform/http/web-app.ts, pageApi).
     */
    api: (path: string) => Promise<{ status: number; body: unknown }>;
  }
}

/**
 * Server rendering of every page: public pages arrive as complete HTML (heading, text, title,
 * description, social tags, structured data) before any script runs; app pages arrive with the
 * shell and fill in on the client. The whole document is rendered before the first byte is
 * sent (`onAllReady`), so crawlers and people get the same HTML and the status code is final.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const context = routerContext.staticHandlerContext;
  const language = languageFromRootData(context.loaderData['root']);
  const i18n = await createServerI18n(language, namespacesOfMatches(context.matches));
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = scriptsAfterFirstPaint();
          body.on('finish', () => clearTimeout(timer));
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell rendered reject above and are logged by the server.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
