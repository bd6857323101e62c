import { PassThrough } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

export const streamTimeout = 5_000;

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
) {
  return new Promise<Response>((resolve, reject) => {
    const cache = createCache();
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <StyleProvider cache={cache}>
        <ServerRouter context={routerContext} url={request.url} />
      </StyleProvider>,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const collector = new PassThrough();
          collector.on('data', (chunk: Buffer) => chunks.push(chunk));
          collector.on('end', () => {
            const html = Buffer.concat(chunks)
              .toString('utf8')
              .replace('</head>', `${extractStyle(cache)}</head>`);
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
