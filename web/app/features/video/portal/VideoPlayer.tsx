import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { VIDEO_FILES_PAGE_SIZE, type VideoFile } from './video-data';
import { slashPath, truncate } from '../../../lib/text';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Pager } from '../../../components/ui/Pager';

/** Catalogue names are cut at 13 characters (portal spec §5). */
const FILE_NAME_MAX = 13;

/** A file of the catalogue and its 1-based position there (the same file may appear twice). */
export interface PlayerFile {
  fileName: string;
  filePath: string;
  position: number;
}

/**
 * The player and the video's catalogue of files, 12 a page. A click on an
 * entry plays that file in place; its link (fileNo, the position, in the
 * address) opens the same file when JavaScript is off.
 */
export function VideoPlayer({
  title,
  poster,
  first,
  files,
  filesTotal,
  filePage,
  onPlay,
}: {
  title: string;
  poster: string;
  /** The file the player starts with. */
  first: PlayerFile | null;
  files: VideoFile[];
  filesTotal: number;
  filePage: number;
  onPlay: () => void;
}) {
  const location = useLocation();
  const [current, setCurrent] = useState(first);
  const player = useRef<HTMLVideoElement>(null);
  const chosen = useRef(false);

  // A file chosen from the catalogue starts playing; the first one waits for the visitor.
  useEffect(() => {
    if (!chosen.current) return;
    player.current?.play().catch(() => undefined);
  }, [current?.position]);

  const offset = (filePage - 1) * VIDEO_FILES_PAGE_SIZE;
  const hrefOf = (position: number) => {
    const params = new URLSearchParams(location.search);
    params.set('fileNo', String(position));
    return `${location.pathname}?${params.toString()}`;
  };
  const choose = (event: MouseEvent, file: PlayerFile) => {
    event.preventDefault();
    chosen.current = true;
    setCurrent(file);
  };

  return (
    <section className="video-player-block" aria-label="视频播放">
      <div className="video-player">
        {current?.filePath ? (
          <video
            ref={player}
            src={slashPath(current.filePath)}
            poster={poster ? slashPath(poster) : undefined}
            controls
            preload="metadata"
            playsInline
            onPlay={onPlay}
            aria-label={`${title}：${current.fileName}`}
          >
            您的浏览器不支持视频播放，
            <a href={slashPath(current.filePath)}>下载视频</a>。
          </video>
        ) : (
          <EmptyState text="暂无视频文件" />
        )}
      </div>
      <div className="video-catalogue">
        <h2>
          视频目录<span className="muted">（共 {filesTotal} 个）</span>
        </h2>
        {files.length === 0 ? (
          <EmptyState />
        ) : (
          <ol>
            {files.map((file, i) => {
              const position = offset + i + 1;
              const playing = position === current?.position;
              return (
                <li key={position} className={playing ? 'playing' : undefined}>
                  <Link
                    to={hrefOf(position)}
                    onClick={(event) => choose(event, { ...file, position })}
                    title={file.fileName}
                    aria-current={playing ? 'true' : undefined}
                    preventScrollReset
                  >
                    {truncate(file.fileName, FILE_NAME_MAX)}
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
        <Pager
          total={filesTotal}
          pageNum={filePage}
          pageSize={VIDEO_FILES_PAGE_SIZE}
          param="filePage"
          keepScroll
        />
      </div>
    </section>
  );
}
