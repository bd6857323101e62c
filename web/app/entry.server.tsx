import { PassThrough } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
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
 * One style cache for every request: antd derives its theme tokens once
 * instead of on each render (that derivation was most of a page's CPU time).
 * The cache only grows with the set of components the site uses, so the
 * extracted CSS is recomputed only when something new was registered.
 */
const cache = createCache();
let extracted = { entries: -1, css: '' };

function stylesOf(): string {
  const entries = cache.cache.size;
  if (entries !== extracted.entries) extracted = { entries, css: extractStyle(cache) };
  return extracted.css;
}

/**
 * Renders the whole page before answering (every loader has finished by
 * then), so the HTML carries the text and the antd styles it uses: search
 * engines and link previews see the page without running JavaScript.
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
      <StyleProvider cache={cache}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StyleProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const collector = new PassThrough();
          collector.on('data', (chunk: Buffer) => chunks.push(chunk));
          collector.on('end', () => {
            const html = Buffer.concat(chunks)
              .toString('utf8')
              .replace('</head>', `${stylesOf()}</head>`);
            const body = new PassThrough();
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status,
              }),
            );
            body.end(html);
          });
          pipe(collector);
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
