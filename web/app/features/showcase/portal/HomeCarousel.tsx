import { Carousel } from 'antd';
import type { BannerItem } from '@school/common/api';
import { safeHref } from '../../../lib/site';
import { SafeImage } from '../../../components/ui/SafeImage';

/** The home page's banner carousel: autoplay every 3 seconds, looping (portal spec §9). */
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
    <section className="home-carousel" aria-label="校园风采">
      <h1 className="visually-hidden">{schoolName}</h1>
      {/* It stops while a keyboard or pointer is on it, so a slide can be read and followed. */}
      <Carousel
        autoplay
        autoplaySpeed={3000}
        infinite
        dots
        arrows
        pauseOnHover
        pauseOnFocus
        pauseOnDotsHover
      >
        {banners.map((banner, i) => {
          const href = safeHref(banner.newsUrl);
          const image = (
            <SafeImage
              src={banner.coverUrl}
              alt={banner.coverTitle}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          );
          return (
            <div key={`${banner.coverUrl}-${i}`} className="home-slide">
              {href ? <a href={href}>{image}</a> : image}
              {banner.coverTitle && <p className="home-slide-title">{banner.coverTitle}</p>}
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
