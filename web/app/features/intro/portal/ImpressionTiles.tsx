import type { ImpressionImages } from './intro-page';
import { SafeImage } from '../../../components/ui/SafeImage';

const TILES: Array<{ key: keyof ImpressionImages; href: string; label: string; caption: string }> =
  [
    { key: 'bygoneYears', href: '/sylyPicture', label: '似水流年', caption: '老照片里的青禾岁月' },
    { key: 'campus', href: '/picture', label: '最美校园', caption: '四季流转的校园风光' },
    { key: 'video', href: '/video', label: '视频中心', caption: '校园活动与精彩影像' },
  ];

/** Three large tiles to the galleries and the video centre, each opening in a new tab. */
export function ImpressionTiles({ images }: { images: ImpressionImages }) {
  return (
    <ul className="impression-tiles">
      {TILES.map((tile) => (
        <li key={tile.key}>
          <a href={tile.href} target="_blank" rel="noopener" className="impression-tile">
            <SafeImage src={images[tile.key]} alt="" />
            <span className="impression-label">
              <strong>{tile.label}</strong>
              <small>{tile.caption}</small>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
