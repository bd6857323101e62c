import type { BannerItem } from '@school/common/api';
import { safeHref } from '../../../lib/site';
import { Carousel } from '../../../components/ui/Carousel';
import { SafeImage } from '../../../components/ui/SafeImage';

/** Milliseconds between turns (portal spec §9); the active bar fills in as long. */
const TURN_MS = 3000;

/**
 * The home page's banner carousel: autoplay every 3 seconds, looping (portal spec §9). It stops
 * while a keyboard or pointer is on it, so a slide can be read and followed.
 */
export function HomeCarousel({
  banners,
  schoolName,
}: {
  banners: BannerItem[];
  schoolName: string;
}) {
  if (banners.length === 0) {
    return (
      <div className="home-carousel home-carousel-empty">
        <h1>{schoolName}</h1>
      </div>
    );
  }
  return (
    <section className="home-carousel" aria-label="校园风采" aria-roledescription="轮播">
      <h1 className="visually-hidden">{schoolName}</h1>
      <Carousel
        interval={TURN_MS}
        slides={banners.map((banner, i) => {
          const href = safeHref(banner.newsUrl);
          const image = (
            <SafeImage
              src={banner.coverUrl}
              alt={banner.coverTitle}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
          );
          return {
            key: `${banner.coverUrl}-${i}`,
            className: 'home-slide',
            content: (
              <>
                {href ? <a href={href}>{image}</a> : image}
                {banner.coverTitle && <p className="home-slide-title">{banner.coverTitle}</p>}
              </>
            ),
          };
        })}
      />
    </section>
  );
}
