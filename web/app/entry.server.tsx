import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { pageHydrates } from './lib/static-page';

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

/** Whether the page will run React in the browser (root.tsx renders its scripts by the same rule). */
function hydrates(context: EntryContext): boolean {
  const { matches, loaderData } = context.staticHandlerContext;
  const staff = (loaderData.root as { staff?: boolean } | undefined)?.staff ?? false;
  return pageHydrates(
    matches.map(({ route }) => ({
      handle: context.routeModules[route.id]?.handle,
      data: loaderData[route.id],
    })),
    staff,
  );
}

/**
 * Renders the whole page before answering (every loader has finished by
 * then), so the HTML carries the text: search engines and link previews see
 * the page without running JavaScript. antd's styles are not in it: they are
 * baked into hashed stylesheets at build time (vite.config.ts, root.tsx).
 *
 * A page without React (lib/static-page.ts) carries no loader data to stream: it is rendered
 * to one string, which costs less than the stream and is sent in one write. A page that runs
 * React streams, as React Router sends its loader data after the markup.
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
  const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
  if (!hydrates(routerContext)) {
    // A throw here is a shell error: React Router answers with its error page, as below.
    const html = renderToString(router);
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(`<!DOCTYPE html>${html}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(router, {
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
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
