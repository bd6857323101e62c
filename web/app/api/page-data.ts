import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { ApiError, send, type BodyTo, type ApiData, type ApiPath, type Payload } from './client';

/**
 * Data of the staff and platform pages, which render in the browser: route
 * modules read it in their clientLoader with `read`, the component shows a
 * failure with `useLoadFailure`, and a change reads it again with
 * useRevalidator or a new search parameter (`useSearchState`).
 */

/** The server's Chinese message, or a general one when the network failed. */
export const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : '网络异常，请稍后再试';

export interface Read<T> {
  data: T;
  /** Why `data` is the fallback, shown to the person once per load. */
  error: string | null;
}

/**
 * One call of the contract from a clientLoader: its data, or `fallback` (of
 * the answer's type, or null) and why.
 */
export function read<P extends ApiPath>(
  path: P,
  payload: BodyTo<P>,
  fallback: NoInfer<ApiData<P>>,
): Promise<Read<ApiData<P>>>;
export function read<P extends ApiPath>(
  path: P,
  payload: BodyTo<P>,
  fallback: null,
): Promise<Read<ApiData<P> | null>>;
export async function read(
  path: string,
  payload: Payload,
  fallback: unknown,
): Promise<Read<unknown>> {
  try {
    return { data: await send(path, payload), error: null };
  } catch (err) {
    return { data: fallback, error: errorText(err) };
  }
}

/** Shows what went wrong with a load (message.error), once for each load. */
export function useLoadFailure(...reads: Array<Read<unknown> | null | undefined>) {
  const { message } = App.useApp();
  const errors = reads.map((r) => r?.error ?? null);
  useEffect(() => {
    for (const error of errors) if (error) message.error(error);
    // The reads are new objects after every load, so each failed load is shown once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, reads);
}

/** The page reads its data again for the address it is on (a new search, after a change). */
export function usePageLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const { state } = useRevalidator();
  return (
    state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname)
  );
}

/** A positive integer search parameter, or undefined. */
export function intSearch(params: URLSearchParams, name: string): number | undefined {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The filter and page of a list kept in the address (so its clientLoader
 * reads them): `change` sets some and goes back to the first page, `setPage`
 * turns the page. The history keeps one entry per list, as before.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const write = useCallback(
    (changes: Record<string, string | number | boolean | undefined>, keepPage: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || value === false) next.delete(name);
            else next.set(name, value === true ? '1' : String(value));
          }
          if (!keepPage) next.delete('pageNum');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return {
    params,
    pageNum: intSearch(params, 'pageNum') ?? 1,
    change: (changes: Record<string, string | number | boolean | undefined>) =>
      write(changes, false),
    setPage: (pageNum: number) => write({ pageNum: pageNum > 1 ? pageNum : undefined }, true),
  };
}

/**
 * The one hook for data a component reads on its own, where no route loader
 * fits (a drawer's table, an item loaded into a form when it opens, a tab's
 * rows): read when `path` is set and whenever it or the payload change, and
 * again after `reload()`; the old data stays on screen meanwhile. While
 * `path` is null nothing is read and the data is forgotten, so a drawer
 * reads afresh each time it opens. A failure shows the server's message
 * (unless `quiet`) and leaves `fallback`.
 */
export function useApiData<P extends ApiPath>(
  path: P | null,
  payload: BodyTo<P>,
  fallback: NoInfer<ApiData<P>>,
  options?: { quiet?: boolean },
): { data: ApiData<P> | null; loading: boolean; reload: () => void };
export function useApiData<P extends ApiPath>(
  path: P | null,
  payload: BodyTo<P>,
  fallback: null,
  options?: { quiet?: boolean },
): { data: ApiData<P> | null; loading: boolean; reload: () => void };
export function useApiData(
  path: string | null,
  payload: Payload,
  fallback: unknown,
  { quiet = false }: { quiet?: boolean } = {},
) {
  const { message } = App.useApp();
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const request = path === null ? null : `${path} ${JSON.stringify(payload)} ${version}`;
  // The answer with the request it answers: loading until they match.
  const [answer, setAnswer] = useState<{ request: string; data: unknown } | null>(null);
  const [fallbackValue] = useState(fallback);
  if (request === null && answer !== null) setAnswer(null);

  useEffect(() => {
    if (request === null || path === null) return;
    let cancelled = false;
    const body = request.slice(path.length + 1, request.lastIndexOf(' '));
    send(path, JSON.parse(body) as Payload)
      .then((data) => {
        if (!cancelled) setAnswer({ request, data });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        if (!quiet) message.error(errorText(err));
        setAnswer({ request, data: fallbackValue });
      });
    return () => {
      cancelled = true;
    };
  }, [request, path, quiet, message, fallbackValue]);

  return {
    data: answer ? answer.data : null,
    loading: request !== null && answer?.request !== request,
    reload,
  };
}

/**
 * Runs one change with feedback: message.success(done) when it works, the
 * server's Chinese message when it does not. Answers whether it worked; the
 * caller then reads the page again (useRevalidator) or closes its dialog.
 */
export function useAction() {
  const { message } = App.useApp();
  return useCallback(
    async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await work();
        message.success(done);
        return true;
      } catch (err) {
        message.error(errorText(err));
        return false;
      }
    },
    [message],
  );
}

/** What `useListAct` gives: `act(path, body, done)`, typed by the contract. */
export type ListAct = ReturnType<typeof useListAct>;

/** A paged list of the platform. */
export interface ListPage<T> {
  total: number;
  list: T[];
}

/** An empty page: fits the fallback of any list. */
export const emptyPage = (): ListPage<never> => ({ total: 0, list: [] });

/**
 * `act(path, body, done)`: one change to a row of a list (a call of the
 * contract), with its message, and the page read again when it worked.
 * Answers whether it worked.
 */
export function useListAct() {
  const run = useAction();
  const { revalidate } = useRevalidator();
  return useCallback(
    async <P extends ApiPath>(path: P, body: BodyTo<P>, done: string) => {
      const worked = await run(() => send(path, body as Payload), done);
      if (worked) void revalidate();
      return worked;
    },
    [run, revalidate],
  );
}
