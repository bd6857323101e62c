import type { NewsFile } from '@school/common/api';
import { slashPath } from '../../lib/text';
import { Carousel } from '../ui/Carousel';
import { SafeImage } from '../ui/SafeImage';

/**
 * The pictures (newcontenttype 2) or videos (3) of an article with their captions: no autoplay,
 * 718 x 368 (portal spec §9). It needs no React: a page sent without it turns it from its inline
 * script (the route's handle says `widgets`).
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
    <Carousel
      className="media-carousel"
      interval={autoplaySpeed ?? 0}
      slides={files.map((file, i) => ({
        key: `${file.filePath}-${i}`,
        content: (
          <figure className="media-slide">
            {kind === 3 ? (
              <video src={slashPath(file.filePath)} controls preload="metadata" />
            ) : (
              <SafeImage
                src={file.filePath}
                alt={file.caption || file.fileName}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            )}
            {file.caption && <figcaption>{file.caption}</figcaption>}
          </figure>
        ),
      }))}
    />
  );
}
