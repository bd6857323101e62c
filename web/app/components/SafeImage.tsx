import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { slashPath } from '../lib/text';

export const DEFAULT_IMAGE = '/images/default-image.svg';

/**
 * An image that swaps in the default picture when its own fails to load
 * (portal spec §5), also when it failed before the page became interactive.
 * Old paths with backslashes are turned into slashes.
 */
export function SafeImage({ src, alt = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const ref = useRef<HTMLImageElement>(null);
  const fallback = (img: HTMLImageElement) => {
    if (!img.src.endsWith(DEFAULT_IMAGE)) img.src = DEFAULT_IMAGE;
  };
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) fallback(img);
  }, [src]);
  return (
    <img
      ref={ref}
      src={slashPath(typeof src === 'string' ? src : '') || DEFAULT_IMAGE}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={(event) => fallback(event.currentTarget)}
      {...rest}
    />
  );
}
