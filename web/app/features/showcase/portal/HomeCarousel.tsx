import { useEffect, useRef } from 'react';
import type { BannerItem } from '@school/common/api';
import { safeHref } from '../../../lib/site';
import { carousel } from '../../../lib/page-widgets';
import { SafeImage } from '../../../components/ui/SafeImage';

/** Milliseconds between turns (portal spec §9); the active dot fills in as long (.carousel CSS). */
const TURN_MS = 3000;

/**
 * The home page's banner carousel: autoplay every 3 seconds, looping (portal spec §9). Server
 * markup that lib/page-widgets.ts turns, from the inline script of a page sent without React or
 * from the effect here in the app. It stops while a keyboard or pointer is on it, so a slide can
 * be read and followed.
 */
export function HomeCarousel({
  banners,
  schoolName,
}: {
  banners: BannerItem[];
  schoolName: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  // Other banners are new markup (the key below), which starts again from the first slide.
  const key = banners.map((banner) => banner.coverUrl).join('\n');
  useEffect(() => (root.current ? carousel(root.current) : undefined), [key]);
  if (banners.length === 0) {
    return (
      <div className="home-carousel home-carousel-empty">
        <h1>{schoolName}</h1>
      </div>
    );
  }
  const several = banners.length > 1;
  return (
    <section className="home-carousel" aria-label="校园风采" aria-roledescription="轮播">
      <h1 className="visually-hidden">{schoolName}</h1>
      <div key={key} ref={root} className="carousel" data-carousel data-interval={TURN_MS}>
        <div className="carousel-track">
          {banners.map((banner, i) => {
            const href = safeHref(banner.newsUrl);
            const image = (
              <SafeImage
                src={banner.coverUrl}
                alt={banner.coverTitle}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            );
            return (
              <div
                key={`${banner.coverUrl}-${i}`}
                className={
                  i === 0 ? 'carousel-slide home-slide is-current' : 'carousel-slide home-slide'
                }
                role="group"
                aria-roledescription="幻灯片"
                aria-label={`${i + 1} / ${banners.length}`}
                inert={i !== 0}
              >
                {href ? <a href={href}>{image}</a> : image}
                {banner.coverTitle && <p className="home-slide-title">{banner.coverTitle}</p>}
              </div>
            );
          })}
        </div>
        {several && (
          <>
            <button type="button" className="carousel-prev" aria-label="上一张" />
            <button type="button" className="carousel-next" aria-label="下一张" />
            <ul className="carousel-dots">
              {banners.map((banner, i) => (
                <li key={`${banner.coverUrl}-${i}`} className={i === 0 ? 'is-active' : undefined}>
                  <button type="button" aria-label={`第 ${i + 1} 张`} aria-current={i === 0} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
