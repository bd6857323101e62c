import type { AppLoadContext } from 'react-router';
import type { Envelope, Transport } from './client';

declare module 'react-router' {
  interface AppLoadContext {
    /** The API run in-process by the server (see server/src/web/pages.ts). */
    api(path: string, payload?: Record<string, unknown>, token?: string): Promise<unknown>;
  }
}

/** The transport for loaders: the same API, called in-process without a network hop. */
export function serverTransport(context: AppLoadContext): Transport {
  return (path, payload, token) => context.api(path, payload, token) as Promise<Envelope>;
}
