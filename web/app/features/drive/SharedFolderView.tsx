import { DownloadOutlined, EyeOutlined, FolderOutlined } from '@ant-design/icons';
import type { ShareFolder } from '@school/common/api';
import { Alert, Breadcrumb, Button, Empty, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { formatSize, iconOf } from './drive-data';
import { ResourcePreview } from './ResourcePreview';
import { SHARE_ICONS, shareQuery } from './share-parts';

type SharedFile = ShareFolder['files'][number];

/** A folder link's addresses for one file, with its code. */
function fileAddresses(shareCode: string, extractCode: string, resourcesId: number) {
  const query = shareQuery({ extractCode, resourcesId });
  return {
    preview: `/api/share/preview/${shareCode}?${query}`,
    download: `/api/share/file/${shareCode}?${query}&download=1`,
  };
}

/**
 * A folder's share link (issue 19): the folder read-only — breadcrumbs from
 * the shared folder, its subfolders (opened in place) and files with size,
 * time, 预览 and 下载, and 下载全部 as one zip. Only what the link lends now
 * is listed (api/share/getShareFolder).
 */
export function SharedFolderView({
  shareCode,
  extractCode,
}: {
  shareCode: string;
  /** The code the link was opened with ('' for a link without one). */
  extractCode: string;
}) {
  const [fId, setFId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState<ShareFolder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [previewing, setPreviewing] = useState<SharedFile | null>(null);

  useEffect(() => {
    let live = true;
    call('share/getShareFolder', { shareCode, extractCode, fId: fId ?? '' }).then(
      (answer) => {
        if (!live) return;
        setPage(answer);
        setFailure(null);
        setBusy(false);
      },
      (err: unknown) => {
        if (!live) return;
        setFailure(errorText(err));
        setBusy(false);
      },
    );
    return () => {
      live = false;
    };
  }, [shareCode, extractCode, fId]);

  /** Opens a folder of the link in place. */
  const go = (folder: number) => {
    setBusy(true);
    setFId(folder);
  };

  if (failure) return <Alert type="warning" showIcon message={failure} className="share-alert" />;
  if (!page) return <Spin className="share-folder-loading" />;

  const zip = `/api/share/zip/${shareCode}?${shareQuery({ extractCode, fId: page.path.length > 1 ? page.fId : undefined })}`;
  const empty = page.folders.length === 0 && page.files.length === 0;
  const previewLinks = previewing
    ? fileAddresses(shareCode, extractCode, previewing.resourcesId)
    : null;

  return (
    <section className="share-folder" aria-labelledby="share-folder-title" aria-busy={busy}>
      <div className="share-folder-head">
        <Breadcrumb
          className="share-folder-crumbs"
          items={page.path.map((crumb, index) => ({
            key: crumb.fId,
            title:
              index === page.path.length - 1 ? (
                <span aria-current="page">{crumb.fname}</span>
              ) : (
                <Button type="link" size="small" onClick={() => go(crumb.fId)}>
                  {crumb.fname}
                </Button>
              ),
          }))}
        />
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          href={zip}
          disabled={page.files.length === 0 && page.folders.length === 0}
        >
          下载全部
        </Button>
      </div>
      <h2 id="share-folder-title" className="visually-hidden">
        {page.fname}中的文件
      </h2>
      {empty ? (
        <Empty description="该文件夹中暂无文件" />
      ) : (
        <ul className="share-folder-list">
          {page.folders.map((folder) => (
            <li key={`f${folder.fId}`} className="share-folder-row">
              <span className="share-folder-icon" aria-hidden="true">
                <FolderOutlined aria-hidden />
              </span>
              <div className="share-folder-text">
                <button
                  type="button"
                  className="share-folder-name share-folder-open"
                  onClick={() => go(folder.fId)}
                >
                  {folder.fname}
                </button>
                <span className="share-folder-facts">
                  <span>文件夹</span>
                  <span>{folder.updateTime.slice(0, 16)}</span>
                </span>
              </div>
            </li>
          ))}
          {page.files.map((file) => {
            const links = fileAddresses(shareCode, extractCode, file.resourcesId);
            return (
              <li key={file.resourcesId} className="share-folder-row">
                <span className="share-folder-icon" aria-hidden="true">
                  {SHARE_ICONS[iconOf(file.fileType)]}
                </span>
                <div className="share-folder-text">
                  <span className="share-folder-name">{file.name}</span>
                  <span className="share-folder-facts">
                    <span>{formatSize(file.size)}</span>
                    <span>{file.updateTime.slice(0, 16)}</span>
                  </span>
                </div>
                <div className="share-folder-actions">
                  {file.preview && (
                    <Button
                      size="small"
                      icon={<EyeOutlined aria-hidden />}
                      aria-label={`预览 ${file.name}`}
                      onClick={() => setPreviewing(file)}
                    >
                      预览
                    </Button>
                  )}
                  {!file.leakProtected && (
                    <Button
                      size="small"
                      icon={<DownloadOutlined aria-hidden />}
                      href={links.download}
                      download={file.name}
                      aria-label={`下载 ${file.name}`}
                    >
                      下载
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Modal
        title={previewing?.name}
        open={previewing !== null}
        onCancel={() => setPreviewing(null)}
        footer={null}
        width={880}
        className="share-folder-preview"
        destroyOnHidden
      >
        {previewing && previewLinks && (
          <div className="share-preview">
            <ResourcePreview
              kind={previewing.preview}
              src={previewLinks.preview}
              preview={previewLinks.preview}
              name={previewing.name}
            />
          </div>
        )}
      </Modal>
    </section>
  );
}
