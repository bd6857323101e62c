import Type, { type Static, type TSchema } from 'typebox';

/**
 * The API contract: TypeBox schemas the server validates bodies with and
 * describes answers by (OpenAPI, fields not described are left out of an
 * answer), and the pages take their types from (`Static<typeof X>`). Each
 * call is written once, here, by area.
 */
export { Type };
export type { Static, TSchema };

/** `{ status, msg, data }`: every answer; status 0 is success. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Integer(), msg: Type.String(), data });
/** The envelope as a plain type, for the server's handlers and the pages' client. */
export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
}

/** `{ total, list }`: the answer of every paged call. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ total: Type.Integer(), list: Type.Array(item) });

/** An answer with nothing in it (data null). */
export const Nothing = Type.Null();

/**
 * A view or play counted (issue 18): the item's count after it, and whether
 * this call counted (false: this visitor was counted today, or a crawler).
 */
export const ViewCounted = Type.Object({ viewCount: Type.Integer(), counted: Type.Boolean() });

/** A value that may be absent in the stored row (answered as null). */
export const Maybe = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An id the caller sends, refused with `message` when missing or not a positive whole number. */
/** The largest id a table holds (a 32-bit integer column): a larger one is refused as a bad id. */
export const ID_MAX = 2_147_483_647;

export const Id = (message: string) =>
  Type.Integer({ minimum: 1, maximum: ID_MAX, errorMessage: message });

/** The keyword that marks a field as the caller's own id (`CallerId`). */
export const CALLER_KEYWORD = 'x-caller';

/**
 * The caller's own id, sent along as the original pages do (`userId`,
 * `staffId`, `idRoleSend`): the session says who acts, so when it is sent it
 * must be the caller's. The request gate refuses any other id, once, for
 * every route whose body holds such a field (server/src/http/access.ts), with
 * `refusal`; the services never see it. `message` is the refusal of a value
 * that is not an id at all.
 */
export const CallerId = (message = '用户编号不正确', refusal = '只能以自己的身份操作') =>
  Type.Integer({
    minimum: 1,
    maximum: ID_MAX,
    errorMessage: message,
    [CALLER_KEYWORD]: refusal,
  });

/**
 * One of a few whole numbers (a flag 0/1, a series 1/2/3). Written as
 * `type: integer` with `enum`, so a form's "1" is coerced before it is checked.
 */
export const OneOf = <const T extends number>(values: readonly T[], message: string) =>
  Type.Unsafe<T>({ type: 'integer', enum: [...values], errorMessage: message });

/** One of a few words ('up' / 'down' ...). */
export const WordOf = <const T extends string>(values: readonly T[], message: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], errorMessage: message });

/** An on/off flag (enabled, ifTop ...). */
export const Flag = (message: string) => OneOf([0, 1], message);

/**
 * A field the server fills in with its `default` when the body leaves it out:
 * required in the handler's type, optional in what a page sends (api/map.ts).
 * The mark is a type only; the schema is unchanged.
 */
export type TDefaulted<T extends TSchema> = T & { readonly '~defaulted': true };
export const defaulted = <T extends TSchema>(schema: T) => schema as TDefaulted<T>;

/** pageNum / pageSize as the spec's list calls send them, with the list's default size. */
export const Paging = (defaultSize: number, maxSize = 50) => ({
  pageNum: defaulted(
    Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      default: 1,
      errorMessage: '页码不正确',
    }),
  ),
  pageSize: defaulted(
    Type.Integer({
      minimum: 1,
      maximum: maxSize,
      default: defaultSize,
      errorMessage: `每页条数须为1到${maxSize}`,
    }),
  ),
});

/**
 * One call of the API: its body (absent: none) and the `data` of its answer.
 * The server builds the route schema from it; the pages read the types.
 */
export interface Call<Body extends TSchema | undefined, Data extends TSchema> {
  body: Body;
  data: Data;
}

export const call = <Body extends TSchema | undefined, Data extends TSchema>(
  body: Body,
  data: Data,
): Call<Body, Data> => ({ body, data });

/** The body a call takes, as the pages send it (before defaults). */
export type BodyOf<C> =
  C extends Call<infer B, TSchema> ? (B extends TSchema ? Static<B> : never) : never;
/** What a call answers in `data`. */
export type DataOf<C> = C extends Call<TSchema | undefined, infer D> ? Static<D> : never;

/**
 * Who may call a route (issue 16). Every route of the server declares one
 * where it is defined; the server refuses to start with a route under /api
 * that has none, enforces the coarse levels before the body is read
 * (server/src/http/access.ts) and shows the rule on the API page (`x-access`).
 *
 * - public: anyone; a session, when sent, may show more (staff-only items);
 * - linkedSystem: another school system, by its key (x-system and bearer);
 *   no staff session opens it;
 * - staff: any logged-in staff member; what the call touches is the caller's
 *   own by the session (own lists, own settings) or open to all staff;
 * - owner: any logged-in staff member at the door, which also refuses a
 *   `CallerId` field holding another's id; then the service checks the
 *   caller's part in the item the body names: its creator or owner, a mail's
 *   sender or recipient, a leave request's requester or approvers, the drive
 *   administrators for the shared library, content administrators where the
 *   spec lets them manage any item;
 * - contentAdmin: content administrators (isPower 1);
 * - systemAdmin: the administrator role (staffType 5);
 * - driveAdmin: drive administrators (isAdmin "1").
 */
export const ACCESS_RULES = [
  'public',
  'linkedSystem',
  'staff',
  'owner',
  'contentAdmin',
  'systemAdmin',
  'driveAdmin',
] as const;
export type Access = (typeof ACCESS_RULES)[number];

/**
 * A call with its own route: the path it is posted to, who may call it and
 * what the API page says it does. The server registers it from this
 * (http/contract.ts `route`), so a call's path, access rule, purpose, body
 * and answer are read in one place.
 */
export interface Endpoint<
  Body extends TSchema | undefined,
  Data extends TSchema,
  Path extends string = string,
> extends Call<Body, Data> {
  /** Kept as its literal type, so the pages' client is typed by it (api/map.ts). */
  path: Path;
  access: Access;
  summary: string;
  /** The API page's group, set by `endpoints`. */
  tag?: string;
}

export const endpoint = <
  const Path extends string,
  Body extends TSchema | undefined,
  Data extends TSchema,
>(
  path: Path,
  access: Access,
  summary: string,
  body: Body,
  data: Data,
): Endpoint<Body, Data, Path> => ({ path, access, summary, body, data });

/**
 * How a route that is not a call of the pages' client is reached and what it
 * answers: files, event streams and multipart uploads. Its form fields, path
 * and query are in the contract and on the API page; the handler reads a
 * multipart body as a stream (never whole), and a `produces` answer is the
 * bytes themselves, not an envelope.
 */
export interface RawParts {
  method?: 'GET' | 'POST';
  params?: TSchema;
  query?: TSchema;
  /** A multipart form's fields (the file is read by the handler as it streams in). */
  form?: TSchema;
  /** The answer's type when it is not an envelope ('application/octet-stream', 'text/event-stream'). */
  produces?: string;
}

export interface RawEndpoint<
  Data extends TSchema,
  Path extends string = string,
  Parts extends RawParts = RawParts,
> extends Endpoint<undefined, Data, Path> {
  /** Not a call of the pages' client (api/map.ts leaves it out). */
  raw: true;
  parts: Parts;
}

/**
 * A route of the contract that streams: an upload's multipart form, a file's
 * bytes, an event stream. `data` describes the envelope of an upload's
 * answer; for `produces` routes it is what an error answers (Nothing).
 */
export const rawEndpoint = <
  const Path extends string,
  Data extends TSchema,
  const Parts extends RawParts,
>(
  path: Path,
  access: Access,
  summary: string,
  parts: Parts,
  data: Data,
): RawEndpoint<Data, Path, Parts> => ({
  path,
  access,
  summary,
  body: undefined,
  data,
  raw: true,
  parts,
});

/** A file field of a multipart form, as the API page shows it. */
export const FileField = (description: string) =>
  Type.Optional(Type.Unsafe<unknown>({ type: 'string', format: 'binary', description }));

/**
 * An area's calls: those of the content platform (paths under /cms/) are filed
 * under 'cms' on the API page, the others under the area's `tag`.
 */
export function endpoints<const T extends Record<string, Call<TSchema | undefined, TSchema>>>(
  tag: string,
  group: T,
): T {
  for (const value of Object.values(group)) {
    if ('path' in value) {
      const found = value as Endpoint<TSchema | undefined, TSchema>;
      found.tag = found.path.startsWith('/cms/') ? 'cms' : tag;
    }
  }
  return group;
}
