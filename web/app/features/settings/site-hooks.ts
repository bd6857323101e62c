import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';

/** The server's Chinese message, or a general one when the network failed. */
export const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : '网络异常，请稍后再试';

/**
 * Runs an action with feedback: message.success(done) when it works, the
 * server's message when it does not. Resolves whether it worked.
 */
export function useRunner() {
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

/**
 * Data loaded with `call()` in an effect, read again after `reload()` (the
 * old data stays on screen meanwhile); a failed load shows the server's
 * message and leaves `fallback`.
 */
export function useLoaded<T>(load: () => Promise<T>, fallback: T) {
  const { message } = App.useApp();
  const [data, setData] = useState<T | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // Each request has its own key; it is loading until its answer is in.
  const request = useMemo(() => ({ load, version }), [load, version]);
  const [answered, setAnswered] = useState<typeof request | null>(null);
  const fallbackRef = useRef(fallback);

  useEffect(() => {
    let cancelled = false;
    request
      .load()
      .then((result) => {
        if (!cancelled) setData(result);
      })
      .catch((err) => {
        if (cancelled) return;
        message.error(errorText(err));
        setData(fallbackRef.current);
      })
      .finally(() => {
        if (!cancelled) setAnswered(request);
      });
    return () => {
      cancelled = true;
    };
  }, [request, message]);

  return { data, loading: answered !== request, reload, setData };
}
