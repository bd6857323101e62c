import { App, Table } from 'antd';
import { useEffect, useState } from 'react';
import { canManageItem, isAdministratorRole, isContentAdmin } from '@school/common';
import { ApiError, call } from '../../api/client';
import type { NewsFootprint, OperLogItem } from '@school/common/api';
import { openCmsHandoff, type HandoffTarget } from '../../lib/cms-handoff';
import { useUser } from '../../lib/use-user';
import type { StoredUser } from '../../lib/session';
import { useSite } from '../../root';

/** The item the actions are about. */
export type ActionTarget =
  | { kind: 'news'; newId: number; typeId: number; newsType: number; createStaff: number | null }
  | {
      kind: 'subject';
      newId: number;
      subjectNewId: number;
      typeId: number;
      createStaff: number | null;
      parentCreateStaff: number | null;
    }
  | { kind: 'video'; videoId: number; typeId: number; createStaff: number | null };

/** The calls of one kind of item, each a call of the contract. */
interface Calls {
  view?: () => Promise<{ viewCount: number }>;
  check: () => Promise<{ flowerCount: number }>;
  like: () => Promise<{ flowerCount: number }>;
  footprints: () => Promise<{ list: NewsFootprint[] }>;
  log: { objId: number; infoTable: 'T_NEWS' | 'T_SUBJECT_NEWS' | 'TF_VIDEO'; userId: number };
  remove: () => Promise<unknown>;
  edit: HandoffTarget;
}

const FOOTPRINTS_SHOWN = 100;

function callsFor(target: ActionTarget, user: StoredUser): Calls {
  const me = { staffId: user.staffId };
  const who = { userId: user.staffId, roleId: user.staffType, userName: user.staffName };
  const pageSize = FOOTPRINTS_SHOWN;
  switch (target.kind) {
    case 'news': {
      const ids = { newId: target.newId, typeId: target.typeId };
      return {
        view: () => call('news/addNewsFootprint', { newId: target.newId, ...who }),
        check: () => call('news/selectIfFlower', { ...ids, ...me }),
        like: () => call('news/updateFlowerCount', { ...ids, ...me }),
        footprints: () => call('news/getNewsFootprintList', { ...ids, pageSize }),
        log: { objId: target.newId, infoTable: 'T_NEWS', userId: user.staffId },
        remove: () => call('news/delNews', { newId: target.newId, ...me }),
        edit: {
          visitType: [12, 13, 14][target.newsType - 1] ?? 12,
          newId: target.newId,
          newType: target.newsType,
        },
      };
    }
    case 'subject': {
      const ids = { newId: target.newId, subjectNewId: target.subjectNewId };
      const liked = { newId: target.newId, subjectId: target.subjectNewId, ...me };
      return {
        view: () => call('news/addNewsFootprint', { ...ids, ...who }),
        check: () => call('news/selectIfFlower', liked),
        like: () => call('news/updateFlowerCount', liked),
        footprints: () => call('news/getNewsFootprintList', { ...ids, pageSize }),
        log: { objId: target.subjectNewId, infoTable: 'T_SUBJECT_NEWS', userId: user.staffId },
        remove: () => call('news/delSubjectNews', { newId: target.subjectNewId, ...me }),
        edit: { visitType: 29, ...ids },
      };
    }
    case 'video':
      return {
        check: () => call('video/selectIfFlower', { videoId: target.videoId, ...me }),
        like: () => call('video/updateFlowerCount', { videoId: target.videoId, ...me }),
        footprints: () =>
          call('video/selectVideoFootprintList', { videoId: target.videoId, pageSize }),
        log: { objId: target.videoId, infoTable: 'TF_VIDEO', userId: user.staffId },
        remove: () => call('video/deleteVideo', { videoId: target.videoId, ...who }),
        edit: { visitType: 30, videoId: target.videoId },
      };
  }
}

/** Edit, delete and footprints: isPower 1 or the creator (portal spec §5). */
export function canManage(target: ActionTarget, user: StoredUser | null): boolean {
  if (!user) return false;
  if (canManageItem(user, user.staffId, target.createStaff)) return true;
  return target.kind === 'subject' && target.parentCreateStaff === user.staffId;
}

/**
 * The staff actions under an article: 【编辑】 【删除】 【脚印】 【操作日志】
 * 【点赞】/【已赞】 【关闭】, each shown only to whom the spec allows, and the
 * view footprint of a logged-in reader (the footprint counts no second view:
 * the server counts a reader once a day). Render it with a `key` of the item so
 * switching article starts from a clean state.
 */
export function ArticleActions({
  target,
  flowerCount,
  onViewCount,
}: {
  target: ActionTarget;
  flowerCount: number;
  onViewCount?: (count: number) => void;
}) {
  const user = useUser();
  const site = useSite();
  const { message, modal } = App.useApp();
  const [likes, setLikes] = useState(flowerCount);
  const [liked, setLiked] = useState(false);
  const [panel, setPanel] = useState<'footprint' | 'log' | null>(null);
  const [footprints, setFootprints] = useState<NewsFootprint[] | null>(null);
  const [log, setLog] = useState<OperLogItem[] | null>(null);
  const calls = user ? callsFor(target, user) : null;

  // A logged-in view leaves one footprint (ArticleView counts the view for everyone).
  useEffect(() => {
    if (!calls) return;
    if (calls.view) {
      calls
        .view()
        .then((r) => onViewCount?.(r.viewCount))
        .catch(() => undefined);
    }
    calls
      .check()
      .then((r) => setLikes(r.flowerCount))
      .catch((err) => {
        // A non-zero status means "already liked" (portal spec §4).
        if (err instanceof ApiError && err.status === 1) setLiked(true);
      });
    // Once per article and user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.staffId]);

  if (!user || !calls) return null;
  const manage = canManage(target, user);

  const like = async () => {
    if (liked) return;
    try {
      const result = await calls.like();
      setLikes(result.flowerCount);
      setLiked(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setLiked(true);
      else if (err instanceof ApiError) message.error(err.message);
    }
  };

  const toggle = async (which: 'footprint' | 'log') => {
    if (panel === which) {
      setPanel(null);
      return;
    }
    setPanel(which);
    try {
      if (which === 'footprint') {
        setFootprints((await calls.footprints()).list);
      } else {
        setLog(await call('infoOperLog/infoOperLogList', calls.log));
      }
    } catch (err) {
      if (err instanceof ApiError) message.error(err.message);
    }
  };

  const remove = () =>
    modal.confirm({
      title: '提示',
      content: '是否确定删除?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await calls.remove();
        } catch (err) {
          if (err instanceof ApiError) message.error(err.message);
          return;
        }
        // As the spec says: the window goes blank and closes.
        window.location.replace('about:blank');
        window.close();
      },
    });

  const edit = () => openCmsHandoff(site.cmsHandoffUrl, user, calls.edit);

  return (
    <div className="article-actions">
      <div className="article-action-links">
        {manage && (
          <button type="button" className="link-button" onClick={edit}>
            【编辑】
          </button>
        )}
        {manage && (
          <button type="button" className="link-button" onClick={remove}>
            【删除】
          </button>
        )}
        {manage && (
          <button
            type="button"
            className="link-button"
            aria-pressed={panel === 'footprint'}
            onClick={() => toggle('footprint')}
          >
            【脚印】
          </button>
        )}
        {isContentAdmin(user) && (
          <button
            type="button"
            className="link-button"
            aria-pressed={panel === 'log'}
            onClick={() => toggle('log')}
          >
            【操作日志】
          </button>
        )}
        <button type="button" className="link-button" onClick={like} disabled={liked}>
          {liked ? '【已赞】' : '【点赞】'}
          <span className="like-count">{likes}</span>
        </button>
        <button type="button" className="link-button" onClick={() => window.close()}>
          【关闭】
        </button>
      </div>
      {panel === 'footprint' && (
        <Table<NewsFootprint>
          className="article-panel"
          size="small"
          rowKey={(row) => `${row.userId}-${row.landingtime}-${row.ipaccess}`}
          dataSource={footprints ?? []}
          loading={footprints === null}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            { title: '浏览人', dataIndex: 'userName' },
            {
              title: '身份',
              dataIndex: 'roleId',
              render: (role: number) => (isAdministratorRole(role) ? '管理员' : '老师'),
            },
            { title: '浏览时间', dataIndex: 'landingtime' },
            { title: 'IP 地址', dataIndex: 'ipaccess' },
          ]}
        />
      )}
      {panel === 'log' && (
        <Table<OperLogItem>
          className="article-panel"
          size="small"
          rowKey={(row) => `${row.userId}-${row.landingtime}-${row.operType}`}
          dataSource={log ?? []}
          loading={log === null}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            { title: '操作人', dataIndex: 'staffName' },
            { title: '操作', dataIndex: 'operType' },
            { title: '操作时间', dataIndex: 'landingtime' },
            { title: 'IP 地址', dataIndex: 'ipaccess' },
          ]}
        />
      )}
    </div>
  );
}
