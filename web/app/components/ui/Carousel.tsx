import { useEffect, useRef, type ReactNode } from 'react';
import { carousel } from '../../lib/page-widgets';

export interface Slide {
  key: string;
  className?: string;
  content: ReactNode;
}

/**
 * Slides that turn: the server's markup, turned by lib/page-widgets.ts from the inline script of
 * a page sent without React (a route whose handle says `widgets`) or from the effect here in the
 * app. `interval` is the milliseconds between turns, 0 for a carousel that only the reader turns.
 * Other slides are new markup (the key below), which starts again from the first.
 */
export function Carousel({
  slides,
  interval,
  className,
}: {
  slides: Slide[];
  interval: number;
  className?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const key = slides.map((slide) => slide.key).join('\n');
  useEffect(() => (root.current ? carousel(root.current) : undefined), [key]);
  const several = slides.length > 1;
  return (
    <div
      key={key}
      ref={root}
      className={className ? `carousel ${className}` : 'carousel'}
      data-carousel
      data-interval={interval}
    >
      <div className="carousel-track">
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className={['carousel-slide', slide.className, i === 0 ? 'is-current' : undefined]
              .filter(Boolean)
              .join(' ')}
            role="group"
            aria-roledescription="幻灯片"
            aria-label={`${i + 1} / ${slides.length}`}
            inert={i !== 0}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {several && (
        <>
          <button type="button" className="carousel-prev" aria-label="上一张" />
          <button type="button" className="carousel-next" aria-label="下一张" />
          <ul className="carousel-dots">
            {slides.map((slide, i) => (
              <li key={slide.key} className={i === 0 ? 'is-active' : undefined}>
                <button type="button" aria-label={`第 ${i + 1} 张`} aria-current={i === 0} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
