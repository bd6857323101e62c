import { HeartFilled, HeartOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { COMMENT_MAX } from '@school/common';
import { App, Button, Card, Descriptions, Input, List, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { emptyPage, errorText, useApiData, useLoadFailure, type Read } from '../../api/page-data';
import { Crumbs } from '../../components/ui/Crumbs';
import {
  addComment,
  addFavourite,
  deleteComment,
  giveLike,
  removeFavourite,
  type Comment,
  type Dictionary,
  type ResourceDetail,
} from './drive-api';
import { folderSteps, formatSize, previewOf } from './drive-data';
import { folderHref } from './DriveHome';
import { FileVersions } from './FileVersions';
import { ResourcePreview } from './ResourcePreview';
import { useFileActions } from './useFileActions';
import { slowLoading } from '../../components/ui/slow-loading';

export interface ResourceDetailData {
  resourcesId: number;
  detail: Read<ResourceDetail | null>;
  types: Read<Dictionary>;
}

const nameOf = (dictionary: Dictionary, value: string | null) =>
  dictionary.find((d) => d.dicValue === value)?.dicName ?? value ?? '—';

function Comments({ detail }: { detail: ResourceDetail }) {
  const { message } = App.useApp();
  const id = detail.resourcesId ?? 0;
  const { data, reload, loading } = useApiData(
    'resources/getComments',
    { resourcesId: id, pageNum: 1, pageSize: 100 },
    emptyPage(),
  );
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const closed = detail.resourcesIsComment === '1';

  const send = async () => {
    if (closed) return void message.warning('该文件暂时无法评论');
    const text = content.trim();
    if (!text) return void message.warning('请输入评论内容');
    setSending(true);
    try {
      await addComment(id, text);
      setContent('');
      message.success('评论成功');
      reload();
    } catch (err) {
      message.error(errorText(err) || '评论失败');
    } finally {
      setSending(false);
    }
  };

  const remove = async (resId: number) => {
    try {
      await deleteComment(resId);
      message.success('删除成功');
      reload();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <Card className="staff-card drive-comments" title={`评论（${data?.total ?? 0}）`}>
      <div className="drive-comment-form">
        <Input.TextArea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={COMMENT_MAX}
          showCount
          rows={3}
          disabled={closed}
          placeholder={closed ? '该文件暂时无法评论' : '请输入评论内容'}
          aria-label="评论内容"
        />
        {/* Closed by the uploader: the button says so instead of looking clickable. */}
        {closed && <p className="drive-comment-closed">上传者已关闭该文件的评论</p>}
        <Button
          type="primary"
          loading={slowLoading(sending)}
          disabled={closed}
          onClick={() => void send()}
        >
          发表评论
        </Button>
      </div>
      <List<Comment>
        loading={loading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无评论' }}
        renderItem={(comment) => (
          <List.Item
            actions={
              comment.mine
                ? [
                    <Popconfirm
                      key="del"
                      title="是否删除该评论?"
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() => void remove(comment.resId)}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  <span>{comment.userName}</span>
                  {comment.mine && <Tag color="blue">我的评论</Tag>}
                  <span className="muted">{comment.createDate}</span>
                </Space>
              }
              description={<span className="drive-comment-text">{comment.content}</span>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** /folderDetail (intranet.md §2): the file, its preview, 下载, 分享, like, 收藏 and comments. */
export function ResourceDetailView({ data }: { data: ResourceDetailData }) {
  const { detail, types } = data;
  useLoadFailure(detail, types);
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const actions = useFileActions();
  const [busy, setBusy] = useState(false);
  const file = detail.data;

  if (!file) {
    return (
      <main className="container staff-page drive-page">
        <Crumbs
          home="/teachPage"
          items={[{ label: '教学网盘', to: '/education' }, { label: '文件详情' }]}
        />
        <Card className="staff-card">
          <p className="muted">文件不存在或无权查看</p>
        </Card>
      </main>
    );
  }

  const id = file.resourcesId ?? 0;
  const steps = folderSteps(file.folderPath);
  const root = steps[0]?.fid;
  const src = `/api/resources/file/${id}`;
  // 防泄密 (issue 19): others get no download, and read the watermarked preview only.
  const guarded = file.resourcesIsProtected === '1' && !file.canDownload;
  const liked = file.isGivelike === 1;
  const favourite = file.isFavorites === 1;

  const act = async (work: () => Promise<unknown>, done: string | null) => {
    setBusy(true);
    try {
      await work();
      if (done) message.success(done);
      void revalidate();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="container staff-page drive-page drive-detail">
      <Crumbs
        home="/teachPage"
        items={[
          {
            label: file.sType === 1 ? '我的网盘' : '教学网盘',
            to: file.sType === 1 ? '/mineWp' : '/education',
          },
          ...steps.map((step) => ({ label: step.fname, to: folderHref(step.fid, root) })),
          { label: file.resourcesName },
        ]}
      />
      <Card
        className="staff-card drive-card"
        title={<h1 className="drive-title">{file.resourcesName}</h1>}
      >
        <div className="drive-detail-actions">
          {!guarded && (
            <Button
              type="primary"
              onClick={() => void actions.download([file]).then((ok) => ok && void revalidate())}
            >
              下载
            </Button>
          )}
          {file.resourcesIsProtected === '1' && <Tag color="red">防泄密</Tag>}
          <Button onClick={() => void actions.share([file]).then((ok) => ok && void revalidate())}>
            分享
          </Button>
          <Button
            icon={liked ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
            disabled={busy || liked}
            aria-label={liked ? `已赞 ${file.givelikeNum}` : `点赞 ${file.givelikeNum}`}
            onClick={() => void act(() => giveLike(id), null)}
          >
            {liked ? '已赞' : '点赞'} {file.givelikeNum}
          </Button>
          <Button
            icon={favourite ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
            disabled={busy}
            onClick={() =>
              void act(
                () => (favourite ? removeFavourite(id) : addFavourite(id)),
                favourite ? '取消成功' : '收藏成功',
              )
            }
          >
            {favourite ? '取消收藏' : '收藏'}
          </Button>
        </div>
        <Descriptions
          className="drive-detail-facts"
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'user', label: '上传者', children: file.userName ?? '—' },
            { key: 'size', label: '大小', children: formatSize(file.resourcesSize) },
            { key: 'type', label: '资源类型', children: nameOf(types.data, file.resourcesType) },
            { key: 'file', label: '文件名', children: file.resourcesFname ?? '—' },
            { key: 'created', label: '上传时间', children: file.createDate },
            { key: 'updated', label: '更新时间', children: file.statusDate },
            {
              key: 'counts',
              label: '下载/分享',
              children: `${file.downloadNum} / ${file.shareNum}`,
            },
            {
              key: 'folder',
              label: '所在目录',
              children: steps.length
                ? steps.map((s, i) => (
                    <span key={s.fid}>
                      {i > 0 && ' / '}
                      <Link to={folderHref(s.fid, root)}>{s.fname}</Link>
                    </span>
                  ))
                : file.sType === 1
                  ? '我的网盘'
                  : '—',
            },
            { key: 'desc', label: '文件描述', span: 'filled', children: file.resourcesDesc || '—' },
          ]}
        />
        <ResourcePreview
          kind={previewOf(file.mimeType, file.resourcesFname ?? file.resourcesName)}
          src={src}
          preview={`/api/resources/preview/${id}`}
          guarded={guarded}
          name={file.resourcesName}
        />
      </Card>
      {!guarded && <FileVersions detail={file} onRestored={() => void revalidate()} />}
      <Comments detail={file} />
      {actions.shareDialog}
    </main>
  );
}
