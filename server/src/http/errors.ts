/**
 * A refusal the client can act on: a Chinese message and the HTTP code that
 * matches it. The error handler turns it into the envelope; anything else that
 * is thrown becomes a 500 with a generic message and is logged.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message = '没有权限进行此操作') => new AppError(403, message);
export const notFound = (message = '请求的内容不存在') => new AppError(404, message);
export const tooManyRequests = (message: string) => new AppError(429, message);

/** Messages of the specs for a missing session; the pages match them literally. */
export const TOKEN_INVALID = 'token错误';
export const TOKEN_EXPIRED = '登录过期,请重新登录';

/**
 * The row a query finds (its `executeTakeFirst`); a 404 with `message` when there is none.
 * Checks that look into the row (deleted, someone else's) stay with the caller.
 */
export async function orNotFound<Row>(
  query: { executeTakeFirst(): Promise<Row | undefined> },
  message: string,
): Promise<Row> {
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(message);
  return row;
}

/** As orNotFound, and a 404 with `message` too for a row marked deleted (soft-deleted content). */
export async function liveOrNotFound<Row extends { deleted: number }>(
  query: { executeTakeFirst(): Promise<Row | undefined> },
  message: string,
): Promise<Row> {
  const row = await orNotFound(query, message);
  if (row.deleted === 1) throw notFound(message);
  return row;
}
