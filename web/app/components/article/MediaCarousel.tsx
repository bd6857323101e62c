import { Carousel } from 'antd';
import type { NewsFile } from '@school/common/api';
import { slashPath } from '../../lib/text';
import { SafeImage } from '../ui/SafeImage';

/**
 * The pictures (newcontenttype 2) or videos (3) of an article with their
 * captions: no autoplay, 718 x 368 (portal spec §9).
 */
export function MediaCarousel({
  files,
  kind,
  autoplaySpeed,
}: {
  files: NewsFile[];
  kind: number;
  /** Set for the special-topic carousel (5000 ms); articles do not play by themselves. */
  autoplaySpeed?: number;
}) {
  if (files.length === 0 || (kind !== 2 && kind !== 3)) return null;
  return (
    <div className="media-carousel">
      <Carousel
        arrows
        dots
        infinite
        autoplay={Boolean(autoplaySpeed)}
        autoplaySpeed={autoplaySpeed}
      >
        {files.map((file, i) => (
          <figure key={`${file.filePath}-${i}`} className="media-slide">
            {kind === 3 ? (
              <video src={slashPath(file.filePath)} controls preload="metadata" />
            ) : (
              <SafeImage src={file.filePath} alt={file.caption || file.fileName} />
            )}
            {file.caption && <figcaption>{file.caption}</figcaption>}
          </figure>
        ))}
      </Carousel>
    </div>
  );
}
