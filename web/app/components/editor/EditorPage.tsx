import { Button, Result, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { errorText } from '../../api/page-data';
import { requireUser } from '../../lib/session';

/**
 * An editor route's clientLoader: what `load` reads for the address (the
 * item, its categories), or why it could not, for EditorPage to show.
 */
export async function loadEditor<T>(
  request: Request,
  load: (params: URLSearchParams) => Promise<T>,
): Promise<{ data: T; error: null } | { data: null; error: string }> {
  requireUser(request);
  try {
    return { data: await load(new URL(request.url).searchParams), error: null };
  } catch (err) {
    return { data: null, error: errorText(err) };
  }
}

/**
 * Reading an editor's item again (after a save, a restore, a conflict): an
 * id the address does not name yet opens its address; otherwise the page
 * reads the item again and `session` (part of the editor's key) starts the
 * editor afresh from it, even when nothing about the item changed.
 */
export function useEditorReload(current: number | undefined, hrefOf: (id: number) => string) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [session, setSession] = useState(0);
  const reload = (id: number | undefined) => {
    if (id && id !== current) {
      navigate(hrefOf(id), { replace: true });
      return;
    }
    void revalidate().then(() => setSession((n) => n + 1));
  };
  return { session, reload };
}

/**
 * The page of an editor: a load failure with the way back to its list, or
 * the heading (编辑… / 新增…) with 返回列表 above the editor. With
 * `heading` null the page lays itself out (the topic's sub-news).
 */
export function EditorPage({
  error,
  back,
  heading,
  children,
}: {
  error: string | null;
  back: { to: string; label: string };
  heading: string | null;
  children: ReactNode;
}) {
  if (error !== null) {
    return (
      <Result
        status="warning"
        title={error}
        extra={
          <Link to={back.to}>
            <Button>{back.label}</Button>
          </Link>
        }
      />
    );
  }
  if (heading === null) return children;
  return (
    <div className="cms-page">
      <Space className="cms-page-head" align="center">
        <h1 className="cms-page-title">{heading}</h1>
        <Link to={back.to}>返回列表</Link>
      </Space>
      {children}
    </div>
  );
}
