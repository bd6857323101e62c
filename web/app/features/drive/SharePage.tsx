import {
  ClockCircleOutlined,
  DownloadOutlined,
  FolderOpenOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ShareInfo } from '@school/common/api';
import { Alert, Button, Input } from 'antd';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { getUser } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { formatSize, iconOf } from './drive-data';
import { ResourcePreview } from './ResourcePreview';
import { SharedFolderView } from './SharedFolderView';
import { SHARE_ICONS, shareQuery } from './share-parts';

/** RESOURCES_FILE_TYPE as words. */
const TYPE_NAMES: Record<string, string> = {
  '2': '文档',
  '3': '演示文稿',
  '8': '表格',
  '4': '图片',
  '5': '音频',
  '6': '视频',
  '9': '压缩包',
};

/** The link's addresses with its code: the file (shown or downloaded) and its preview. */
function addresses(shareCode: string, extractCode: string) {
  const code = shareQuery({ extractCode });
  const base = `/api/share`;
  return {
    preview: `${base}/preview/${shareCode}${code ? `?${code}` : ''}`,
    download: `${base}/file/${shareCode}?${code ? `${code}&` : ''}download=1`,
  };
}

/** What a visitor can do about a link that no longer opens. */
const failureText = (message: string) =>
  message.startsWith('分享链接不正确') || message.startsWith('分享链接不存在')
    ? `${message}，请联系分享人确认链接`
    : `${message.replace(/[。，]$/, '')}，请联系分享人重新分享`;

type State = { phase: 'failed'; message: string } | { phase: 'ready'; info: ShareInfo };

/**
 * The share page (issue 19): what a link opens for a visitor with no login
 * — a parent on a phone as much as a colleague at a desk. It names the
 * school and who shared the link; a file's link shows the file's name, size
 * and type, until when, the extraction code when the link has one, then the
 * preview and 下载; a folder's link its folders and files (SharedFolderView).
 * Nothing asks for a login: staff find 登录后查看 in small print below. A link
 * that no longer opens says what to do, with the school's home page.
 */
export function SharePage({
  shareCode,
  resourcesId,
  first,
  sharerName,
  schoolName,
}: {
  shareCode: string;
  resourcesId?: number;
  /** The link as the server opened it, without a code. */
  first: { info: ShareInfo; message: null } | { info: null; message: string };
  /** Who made the link (null when it does not open). */
  sharerName: string | null;
  schoolName: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>(
    first.info ? { phase: 'ready', info: first.info } : { phase: 'failed', message: first.message },
  );
  const [code, setCode] = useState('');
  const [opened, setOpened] = useState('');
  const [wrong, setWrong] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The link opened with a code. */
  const open = useCallback(
    async (extractCode: string) => {
      setBusy(true);
      try {
        const info = await call('share/getShareInfo', { shareCode, extractCode });
        setState({ phase: 'ready', info });
        setOpened(info.unlocked ? extractCode : '');
        setWrong(null);
      } catch (err) {
        // A wrong code keeps the form; anything else (cancelled, expired …) ends the page.
        const message = errorText(err);
        if (extractCode && (message === '提取码错误' || message.startsWith('提取码错误次数过多')))
          setWrong(message);
        else setState({ phase: 'failed', message });
      } finally {
        setBusy(false);
      }
    },
    [shareCode],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setWrong('请输入提取码');
    void open(code.trim());
  };

  const loggedIn = hydrated && getUser() !== null;
  const loginLink = resourcesId
    ? `/index?yesorNo=1&resourcesId=${resourcesId}`
    : '/index?yesorNo=1';

  let body: ReactNode;
  if (state.phase === 'failed') {
    body = (
      <>
        <h1 className="share-file-name">文件分享</h1>
        <Alert
          type="warning"
          showIcon
          message={failureText(state.message)}
          className="share-alert"
        />
        <p className="share-home">
          <a href="/">返回{schoolName || '学校'}首页</a>
        </p>
      </>
    );
  } else {
    const { info } = state;
    const file = info.file;
    const folder = info.folder ?? null;
    const links = addresses(shareCode, opened);
    body = (
      <>
        {folder ? (
          <div className="share-file">
            <span className="share-file-icon" aria-hidden="true">
              <FolderOpenOutlined aria-hidden />
            </span>
            <div className="share-file-text">
              <h1 className="share-file-name">{folder.fname}</h1>
              <p className="share-file-facts">
                <span>文件夹</span>
              </p>
            </div>
          </div>
        ) : file ? (
          <div className="share-file">
            <span className="share-file-icon" aria-hidden="true">
              {SHARE_ICONS[iconOf(file.fileType)]}
            </span>
            <div className="share-file-text">
              <h1 className="share-file-name">{file.name}</h1>
              <p className="share-file-facts">
                <span>{formatSize(file.size)}</span>
                <span>{TYPE_NAMES[file.fileType] ?? '文件'}</span>
                <span>{file.extension.toUpperCase()}</span>
              </p>
            </div>
          </div>
        ) : (
          <h1 className="share-file-name">文件分享</h1>
        )}
        <ul className="share-meta">
          <li>
            <UserOutlined aria-hidden="true" /> 分享者：{sharerName ?? info.uploaderName}
          </li>
          <li>
            <ClockCircleOutlined aria-hidden="true" />{' '}
            {info.expireDate ? `有效期至 ${info.expireDate}` : '永久有效'}
          </li>
        </ul>
        {!info.unlocked && (
          <form className="share-code-form" onSubmit={submit}>
            <label htmlFor="share-extract-code">请输入提取码：</label>
            <div className="share-code-row">
              <Input
                id="share-extract-code"
                value={code}
                maxLength={8}
                autoComplete="off"
                placeholder="4 位提取码"
                status={wrong ? 'error' : undefined}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button type="primary" htmlType="submit" loading={busy}>
                {folder ? '打开文件夹' : '提取文件'}
              </Button>
            </div>
            {wrong && (
              <p className="share-code-error" role="alert">
                {wrong}
              </p>
            )}
          </form>
        )}
        {folder && info.unlocked && <SharedFolderView shareCode={shareCode} extractCode={opened} />}
        {file && (
          <>
            <div className="share-actions">
              {file.leakProtected ? (
                <p className="muted">该文件已设为防泄密，只能在线预览，不能下载</p>
              ) : (
                <Button
                  type="primary"
                  size="large"
                  icon={<DownloadOutlined aria-hidden />}
                  href={links.download}
                  download={file.name}
                >
                  下载
                </Button>
              )}
            </div>
            <div className="share-preview">
              {file.preview ? (
                <ResourcePreview
                  kind={file.preview}
                  src={links.preview}
                  preview={links.preview}
                  name={file.name}
                />
              ) : (
                <p className="muted drive-preview-none">暂不支持预览，请下载</p>
              )}
            </div>
          </>
        )}
      </>
    );
  }

  const kind = state.phase === 'ready' && state.info.folder ? '文件夹分享' : '文件分享';
  return (
    <main id="main" className="share-page">
      <div className="share-card">
        <header className="share-header">
          {schoolName && <span className="share-school">{schoolName}</span>}
          <span className="share-brand">教学网盘 · {kind}</span>
        </header>
        {body}
      </div>
      {/* For the school's staff only: a parent needs no account to open the link. */}
      {hydrated && (
        <p className="share-staff">
          {loggedIn ? (
            <Link to={resourcesId ? `/folderDetail?resourcesId=${resourcesId}` : '/education'}>
              在网盘中查看
            </Link>
          ) : (
            <>
              本校教职工 <Link to={loginLink}>登录后查看</Link>
            </>
          )}
        </p>
      )}
    </main>
  );
}
