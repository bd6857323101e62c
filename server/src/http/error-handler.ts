import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { CALLER_KEYWORD } from '@school/common/api';
import { AppError } from './errors.js';

interface ValidationItem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

interface FieldSchema {
  errorMessage?: string;
}

/**
 * `errorMessage` on a property of a route schema is the Chinese text shown
 * when that field is missing or wrong. It is an annotation only; validation
 * stays Ajv's own.
 */
type AjvPlugin = Extract<
  NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number],
  (...args: never[]) => unknown
>;
export const errorMessageKeyword: AjvPlugin = (ajv) =>
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });

/** `x-caller` marks the caller's own id (contract `CallerId`); the gate reads it, Ajv not. */
export const callerKeyword: AjvPlugin = (ajv) =>
  ajv.addKeyword({ keyword: CALLER_KEYWORD, schemaType: 'string' });

/**
 * Chinese text for a schema failure: the message of the first failing field in
 * the schema's own property order, or a generic sentence naming the field.
 */
export function validationMessage(
  items: ValidationItem[],
  schema: { properties?: Record<string, FieldSchema> } | undefined,
): string {
  const fieldOf = (item: ValidationItem) =>
    (item.params.missingProperty as string | undefined) ??
    item.instancePath.replace(/^\//, '').split('/')[0];
  const order = Object.keys(schema?.properties ?? {});
  const rank = (item: ValidationItem) => {
    const index = order.indexOf(fieldOf(item));
    return index === -1 ? order.length : index;
  };
  const first = [...items].sort((a, b) => rank(a) - rank(b))[0];
  if (!first) return '请求参数不正确';
  const field = fieldOf(first);
  const own = field ? schema?.properties?.[field]?.errorMessage : undefined;
  if (own) return own;
  if (first.keyword === 'required') return `缺少参数：${field}`;
  if (first.keyword === 'maxLength') return `参数过长：${field}`;
  return `参数格式不正确：${field || '请求内容'}`;
}

export const UPLOAD_INCOMPLETE = '上传内容不完整，请重新上传';

const CODE_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求内容不是有效的 JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容为空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求格式'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求内容过大'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, '请选择要上传的文件'],
  FST_MP_PREMATURE_CLOSE: [400, UPLOAD_INCOMPLETE],
  FST_PROTO_VIOLATION: [400, '上传内容格式不正确'],
  FST_PARTS_LIMIT: [413, '上传内容过多，请一次上传一个文件'],
  FST_FILES_LIMIT: [413, '上传内容过多，请一次上传一个文件'],
  FST_FIELDS_LIMIT: [413, '上传内容过多，请一次上传一个文件'],
  FST_INVALID_JSON_FIELD_ERROR: [400, '上传内容格式不正确'],
};

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws for a
 * body that is not well-formed multipart: plain Errors with no code, told
 * apart by their text. They are the client's fault (a cut connection, a
 * missing or absurd boundary), never the server's.
 */
const MULTIPART_FAULTS = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /unexpected end of multipart data$/i,
  /^The needle (cannot|has to)/,
  /^Unsupported Content-Type\.$/,
  /^Missing Content-Type-header\.$/,
];

const REFERENCE_GONE = '所选的内容不存在或已删除，请刷新后重试';

/**
 * PostgreSQL's refusals of a value it cannot hold (SQLSTATE class 22), which
 * SQLite stores without a word: an integer past 32 bits in an int column, a
 * text longer than its varchar, a date that does not exist. They come from
 * the request's values (a schema without a bound), so they are bad input, a
 * 400 rather than a 500. So is a reference to a row that is not there
 * (a foreign key, on either database).
 */

const DATABASE_REFUSALS: Record<string, string> = {
  '22003': '数值超出范围',
  '22001': '内容过长',
  '22007': '日期或时间不正确',
  '22008': '日期或时间不正确',
  '22P02': '参数格式不正确',
  '22021': '内容含有无法保存的字符',
  '22P05': '内容含有无法保存的字符',
  // A reference to a row that does not exist (or was deleted meanwhile), where a service
  // did not look first.
  '23503': REFERENCE_GONE,
};

/** The message for a database's refusal of a value, when the error is one. */
function databaseRefusal(error: Error): string | undefined {
  const { code, severity, routine } = error as Error & Record<string, unknown>;
  if (error.name === 'SqliteError' && code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return REFERENCE_GONE;
  }
  if (typeof code !== 'string' || severity === undefined || routine === undefined) return undefined;
  return DATABASE_REFUSALS[code];
}

/** Whether an error is the multipart parser refusing a malformed body. */
export const isMultipartFault = (error: Error) =>
  !('statusCode' in error) && MULTIPART_FAULTS.some((pattern) => pattern.test(error.message));

/**
 * Errors Fastify raises before routing (an address that is not valid
 * percent-encoding, `%ff`): the same envelope as every other refusal.
 */
export const frameworkErrors = (error: FastifyError, _request: unknown, reply: FastifyReply) => {
  const statusCode = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
  const msg = statusCode === 400 ? '请求地址不正确' : '请求不正确';
  void reply.status(statusCode).send({ status: statusCode, msg, data: null });
};

/** One place that turns anything thrown into the `{status, msg, data}` envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let statusCode: number;
    let msg: string;
    if (error instanceof AppError) {
      statusCode = error.statusCode;
      msg = error.message;
    } else if (error.validation) {
      statusCode = 400;
      const part = error.validationContext as
        'body' | 'querystring' | 'params' | 'headers' | undefined;
      const schema = part
        ? (request.routeOptions.schema?.[part] as Parameters<typeof validationMessage>[1])
        : undefined;
      msg = validationMessage(error.validation as ValidationItem[], schema);
    } else if (error.code && CODE_MESSAGES[error.code]) {
      [statusCode, msg] = CODE_MESSAGES[error.code];
    } else if (databaseRefusal(error)) {
      statusCode = 400;
      msg = databaseRefusal(error)!;
      // A refusal, but one the route's schema should have made: worth a look.
      request.log.warn({ err: error }, 'the database refused a value of the request');
    } else if (isMultipartFault(error)) {
      statusCode = 400;
      msg = UPLOAD_INCOMPLETE;
    } else if (error.statusCode === 429) {
      statusCode = 429;
      msg = '请求过于频繁，请稍后再试';
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      statusCode = error.statusCode;
      msg = '请求不正确';
    } else {
      statusCode = 500;
      msg = '服务器内部错误，请稍后再试';
      request.log.error({ err: error }, 'unhandled error');
    }
    if (statusCode < 500) request.log.info({ statusCode, msg }, 'request refused');
    void reply.status(statusCode).send({ status: statusCode, msg, data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ status: 404, msg: '接口不存在', data: null });
  });
}

/** Whether a parsed body, query or params holds a number that is not finite, anywhere. */
function holdsNonFinite(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((item) => holdsNonFinite(item, depth + 1));
}

/**
 * Ajv turns a numeric string too large for a number ('1e309') into Infinity
 * and lets it through an integer field's `maximum`; the database then fails.
 * After validation, such a field is refused as bad input with its own message.
 */
export function refuseNonFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of ['body', 'query', 'params'] as const) {
      const data = request[part] as Record<string, unknown> | null | undefined;
      if (!data || typeof data !== 'object') continue;
      const field = Object.keys(data).find((key) => holdsNonFinite(data[key]));
      if (field === undefined) continue;
      const schemaPart = part === 'query' ? 'querystring' : part;
      const schema = request.routeOptions.schema?.[schemaPart] as
        { properties?: Record<string, FieldSchema> } | undefined;
      throw new AppError(400, schema?.properties?.[field]?.errorMessage ?? '请求参数不正确');
    }
  });
}

export const NUL_REFUSAL = '请求内容含有不允许的空字符';

/** Whether a parsed body, query or params holds a string with a NUL character, anywhere. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1),
  );
}

/**
 * No text the API takes may hold U+0000: PostgreSQL refuses it in text
 * columns and parameters (a 500 there, while SQLite stores it), no page can
 * show it, and no form sends it. Refused once, for every route, before
 * validation, so both databases answer the same 400.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError(400, NUL_REFUSAL);
    }
  });
}
