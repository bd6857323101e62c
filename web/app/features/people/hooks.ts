import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '../../api/client';
import type { DeptNode } from './dept-tree';

export const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : '网络异常，请稍后再试';

/**
 * Runs one call: shows `done` with message.success when it works, the
 * server's Chinese message when it does not. Answers whether it worked.
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

/** The department tree (null while loading) and a way to read it again. */
export function useDepartmentTree() {
  const { message } = App.useApp();
  const [tree, setTree] = useState<DeptNode[] | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let cancelled = false;
    call<DeptNode[]>('cms/department/tree')
      .then((nodes) => {
        if (!cancelled) setTree(nodes);
      })
      .catch((err) => {
        if (cancelled) return;
        message.error(errorText(err));
        setTree([]);
      });
    return () => {
      cancelled = true;
    };
  }, [version, message]);

  return { tree, reload };
}
