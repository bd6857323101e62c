import type { ImpressionImages } from './intro-page';
import { SafeImage } from '../../../components/ui/SafeImage';
import { bygoneCaptionOf, tileLabels } from '../../../lib/site-labels';
import { useSite } from '../../../root';

/** Three large tiles to the galleries and the video centre, each opening in a new tab. */
export function ImpressionTiles({ images }: { images: ImpressionImages }) {
  const site = useSite();
  const label = tileLabels(site);
  const tiles: Array<{
    key: keyof ImpressionImages;
    href: string;
    label: string;
    caption: string;
  }> = [
    {
      key: 'bygoneYears',
      href: '/sylyPicture',
      label: label('bygoneYears'),
      caption: bygoneCaptionOf(site),
    },
    {
      key: 'campus',
      href: '/picture',
      label: label('beautifulCampus'),
      caption: '四季流转的校园风光',
    },
    { key: 'video', href: '/video', label: label('video'), caption: '校园活动与精彩影像' },
  ];
  return (
    <ul className="impression-tiles">
      {tiles.map((tile) => (
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
