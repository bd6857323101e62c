import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, type Payload } from './client';

export interface ListPage<T> {
  total: number;
  list: T[];
}

const EMPTY_PAGE: ListPage<never> = { total: 0, list: [] };

export const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : '网络异常，请稍后再试';

/**
 * A paged list of the platform (`{ total, list }`), read again whenever its
 * payload changes or after an action; the rows stay on screen while it loads.
 * `act` runs one call, says how it went and reloads.
 */
export function useCmsList<T>(path: string, payload: Payload) {
  const { message } = App.useApp();
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const body = JSON.stringify(payload);
  const request = `${path} ${body}`;
  // The answer with the request it answers: loading until they match.
  const [answer, setAnswer] = useState<{ request: string; page: ListPage<T> } | null>(null);

  useEffect(() => {
    let cancelled = false;
    call<ListPage<T>>(path, JSON.parse(body) as Payload)
      .then((page) => {
        if (!cancelled) setAnswer({ request: `${path} ${body}`, page });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        message.error(errorText(err));
        setAnswer({ request: `${path} ${body}`, page: EMPTY_PAGE });
      });
    return () => {
      cancelled = true;
    };
  }, [path, body, version, message]);

  const page: ListPage<T> = answer?.page ?? EMPTY_PAGE;
  const loading = answer?.request !== request;

  const act = useCallback(
    async (actionPath: string, body: Payload, done: string) => {
      try {
        await call(actionPath, body);
        message.success(done);
        reload();
        return true;
      } catch (err) {
        message.error(errorText(err));
        return false;
      }
    },
    [message, reload],
  );

  return { page, loading, reload, act };
}
