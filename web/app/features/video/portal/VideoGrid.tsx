import { PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { videoDetailHref, type VideoItem } from './video-data';
import { day } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';

/** Video covers in three columns; each opens its video page in a new tab. */
export function VideoGrid({ videos }: { videos: VideoItem[] }) {
  return (
    <ul className="video-grid">
      {videos.map((video) => (
        <li key={video.videoId} className={video.ifTop === 1 ? 'pinned' : undefined}>
          <Link to={videoDetailHref(video)} target="_blank" title={video.videoTitle}>
            <span className="video-cover">
              <SafeImage thumb src={video.imgUrl} alt={video.videoTitle} />
              <PlayCircleOutlined className="video-play-icon" aria-hidden />
            </span>
            <span className="video-title">
              {video.ifTop === 1 && <span className="top-badge">顶</span>}
              {video.videoTitle}
            </span>
            <span className="video-info">
              <span>{day(video.createDate)}</span>
              <span>播放 {video.viewCount}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
