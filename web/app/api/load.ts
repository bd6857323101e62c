import { data } from 'react-router';
import {
  ApiError,
  send,
  type ApiData,
  type ApiPath,
  type BodyArg,
  type Payload,
  type Transport,
} from './client';

/** What a page loader got from one call: the data, or why there is none. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/**
 * One API call from a loader, in-process. Lists and details that fail are
 * shown as empty (portal spec §8: other non-zero statuses are ignored); the
 * page decides what a 401 or 404 means for it.
 */
export async function load<P extends ApiPath>(
  transport: Transport,
  path: P,
  ...[payload]: BodyArg<P>
): Promise<Loaded<ApiData<P>>> {
  try {
    const data = (await send(path, payload as Payload | undefined, transport)) as ApiData<P>;
    return { ok: true, data };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}

/** The page's data, or the 404 page when the item does not exist. */
export function orNotFound<T>(loaded: Loaded<T>): T {
  if (loaded.ok) return loaded.data;
  throw data(loaded.message, { status: loaded.status === 404 ? 404 : 400 });
}

/** A positive integer query parameter, or the fallback. */
export function intParam(url: URL | string, name: string, fallback: number): number {
  const value = Number(new URL(url).searchParams.get(name));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export interface Page<T> {
  total: number;
  list: T[];
}

export const emptyPage = <T>(): Page<T> => ({ total: 0, list: [] });

export const pageOr = <T>(loaded: Loaded<Page<T>>): Page<T> =>
  loaded.ok ? loaded.data : emptyPage<T>();
