import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * This response's script nonce (server/src/http/security.ts): the
     * Content-Security-Policy runs only inline scripts that carry it.
     */
    nonce?: string;
  }
}

export const streamTimeout = 5_000;

/**
 * Renders the whole page before answering (every loader has finished by
 * then), so the HTML carries the text: search engines and link previews see
 * the page without running JavaScript. antd's styles are not in it: they are
 * baked into hashed stylesheets at build time (vite.config.ts, root.tsx).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // React Router gives the nonce to <Scripts>, <ScrollRestoration> and its hydration data.
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
