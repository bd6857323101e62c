import type { Endpoint, Static, TSchema } from './shared.js';
import type * as magazine from './magazine.js';
import type * as video from './video.js';
import type * as showcase from './showcase.js';
import type * as news from './news.js';
import type * as people from './people.js';
import type * as auth from './auth.js';
import type * as files from './files.js';
import type * as oplog from './oplog.js';
import type * as cms from './cms.js';
import type * as intranet from './intranet.js';
import type * as intro from './intro.js';
import type * as leave from './leave.js';
import type * as sitesearch from './sitesearch.js';
import type * as mail from './mail.js';
import type * as drive from './drive.js';
import type * as drive_upload from './drive-upload.js';
import type * as drive_share from './drive-share.js';
import type * as drive_facets from './drive-facets.js';
import type * as sensitive_words from './sensitive-words.js';
import type * as virus_findings from './virus-findings.js';
import type * as staff_import from './staff-import.js';
import type * as setup from './setup.js';
import type * as site_settings from './site-settings.js';
import type * as site_import from './site-import.js';

/**
 * The contract as plain types for the pages' client (web/app/api/client.ts):
 * every endpoint of every area, keyed by its path as the pages call it (no
 * leading slash), with the body a page sends and the `data` it gets back.
 * Types only: the pages import this module with `import type`, so no schema
 * (and no TypeBox) reaches the browser bundle.
 */

/** Every value the areas' contract modules export (index.ts re-exports them and this map). */
type Contract = typeof magazine &
  typeof video &
  typeof showcase &
  typeof news &
  typeof people &
  typeof auth &
  typeof files &
  typeof oplog &
  typeof cms &
  typeof intranet &
  typeof intro &
  typeof leave &
  typeof sitesearch &
  typeof mail &
  typeof drive &
  typeof drive_upload &
  typeof drive_share &
  typeof drive_facets &
  typeof sensitive_words &
  typeof virus_findings &
  typeof staff_import &
  typeof setup &
  typeof site_settings &
  typeof site_import;
type Exported = Contract[keyof Contract];

/** The members of the endpoint groups (`endpoints(tag, { ... })`) among them. */
type Member<G> = G extends Record<string, unknown> ? G[keyof G] : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any body and answer schema
type AnyEndpoint = Endpoint<any, any, string>;

/** Uploads, files and event streams are reached otherwise (multipart, a link, EventSource). */
type AllEndpoints = Exclude<Extract<Member<Exported>, AnyEndpoint>, { raw: true }>;

type Unslashed<P extends string> = P extends `/${infer Rest}` ? Rest : P;

/**
 * A field as a form-encoded client sends it: a number also as its text ('12'
 * for 12), text also as a number (a code '1'), a list also as one
 * comma-joined field ('3,7'), as the spec's pages send them.
 * The server checks the value (a flag's 0/1, a word of a list); the type check
 * holds the path, the field names and which fields are required.
 */
type Sent<T> = T extends number
  ? number | string
  : T extends string
    ? string | number
    : T extends readonly unknown[]
      ? T | string
      : T;

/** The keys of an object schema the server fills in with a default (shared.ts `defaulted`). */
type DefaultedKeys<B> = B extends { properties: infer Props }
  ? { [K in keyof Props]: Props[K] extends { '~defaulted': true } ? K : never }[keyof Props]
  : never;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * What a page sends for a body schema: its fields (optional ones and those the
 * server defaults may be left out), each as a form sends it.
 */
export type SentBody<B extends TSchema> =
  Static<B> extends infer S
    ? S extends Record<string, unknown>
      ? Flat<
          { [K in keyof S as K extends DefaultedKeys<B> ? never : K]: Sent<S[K]> } & {
            [K in keyof S as K extends DefaultedKeys<B> ? K : never]?: Sent<S[K]>;
          }
        >
      : S
    : never;

/** One endpoint as the pages see it. */
export interface Wire<Body, Data> {
  body: Body;
  data: Data;
}

type WireOf<E> =
  E extends Endpoint<infer B, infer D, string>
    ? Wire<B extends TSchema ? SentBody<B> : undefined, Static<D>>
    : never;

/** Every endpoint of the contract by the path the pages call it by ('email/sendEmail'). */
export type ApiMap = {
  [E in AllEndpoints as string extends E['path'] ? never : Unslashed<E['path']>]: WireOf<E>;
};

export type ApiPath = keyof ApiMap;
/** What a page sends to `P` (undefined: a call without a body). */
export type ApiBody<P extends ApiPath> = ApiMap[P]['body'];
/** What `P` answers in `data`. */
export type ApiData<P extends ApiPath> = ApiMap[P]['data'];

/** The paths whose answer fits `T` (the lists a shared loader may read). */
export type PathsAnswering<T> = {
  [P in ApiPath]: ApiData<P> extends T ? P : never;
}[ApiPath];
