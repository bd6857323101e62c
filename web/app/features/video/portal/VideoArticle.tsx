import { useState } from 'react';
import { VIDEO_FILES_PAGE_SIZE, type VideoDetail, type VideoFile } from './video-data';
import { day } from '../../../lib/text';
import { ArticleActions } from '../../../components/article/ArticleActions';
import { RichText } from '../../../components/article/RichText';
import { useFirstPlay } from './use-first-play';
import { VideoPlayer, type PlayerFile } from './VideoPlayer';

/**
 * The file the player starts with: the catalogue position in the address when
 * it is on this page, else the video's first file.
 */
function startFile(
  video: VideoDetail,
  files: VideoFile[],
  filePage: number,
  fileNo: number,
): PlayerFile | null {
  const offset = (filePage - 1) * VIDEO_FILES_PAGE_SIZE;
  const asked = files[fileNo - offset - 1];
  if (asked) return { ...asked, position: fileNo };
  if (!video.filePath) return null;
  const first = filePage === 1 ? files[0] : undefined;
  return { fileName: first?.fileName ?? video.videoTitle, filePath: video.filePath, position: 1 };
}

/**
 * A video page's main column: title, source (暂无来源), date, plays and likes,
 * the player with its catalogue, the introduction and the staff actions.
 * Render it with a `key` of the video so another video starts afresh.
 */
export function VideoArticle({
  video,
  files,
  filesTotal,
  filePage,
  fileNo,
}: {
  video: VideoDetail;
  files: VideoFile[];
  filesTotal: number;
  filePage: number;
  fileNo: number;
}) {
  const [views, setViews] = useState(video.viewCount);
  const onPlay = useFirstPlay(video.videoId, setViews);
  return (
    <article className="article video-article">
      {video.published === false && (
        <p className="article-preview" role="note">
          预览：此视频尚未在门户发布（待审核或未上架），只有发布者和管理员能看到。
        </p>
      )}
      <h1 className="article-title">{video.videoTitle}</h1>
      <p className="article-meta">
        <span>来源：{video.source || '暂无来源'}</span>
        <span>发布时间：{day(video.createDate)}</span>
        <span>播放：{views}</span>
        <span>点赞：{video.flowerCount}</span>
      </p>
      <VideoPlayer
        title={video.videoTitle}
        poster={video.imgUrl}
        first={startFile(video, files, filePage, fileNo)}
        files={files}
        filesTotal={filesTotal}
        filePage={filePage}
        onPlay={onPlay}
      />
      <section className="video-intro" aria-label="视频简介">
        <h2>视频简介</h2>
        {video.videoContent ? (
          <RichText html={video.videoContent} className="article-body" />
        ) : (
          <p className="muted">暂无简介</p>
        )}
      </section>
      <ArticleActions
        target={{
          kind: 'video',
          videoId: video.videoId,
          typeId: video.typeId,
          createStaff: video.createStaff,
        }}
        flowerCount={video.flowerCount}
      />
    </article>
  );
}
