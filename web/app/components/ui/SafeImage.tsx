import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { DEFAULT_IMAGE, slashPath } from '../../lib/text';

/**
 * An image that swaps in the default picture when its own fails to load
 * (portal spec §5), also when it failed before the page became interactive.
 * Old paths with backslashes are turned into slashes.
 */
/** The thumbnail of a stored picture (the server answers the picture itself when it has none). */
export function thumbnailOf(src: string): string {
  return /^\/api\/files\/\d+$/.test(src) ? `${src}?variant=thumb` : src;
}

export function SafeImage({
  src,
  alt = '',
  thumb = false,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & {
  /** A card or list picture: the stored thumbnail is enough. */
  thumb?: boolean;
}) {
  const path = slashPath(typeof src === 'string' ? src : '');
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
      src={(thumb ? thumbnailOf(path) : path) || DEFAULT_IMAGE}
      alt={alt}
      loading="lazy"
      decoding="async"
      // What a page without React swaps on a failure instead (lib/static-page.ts).
      data-fallback=""
      onError={(event) => fallback(event.currentTarget)}
      {...rest}
    />
  );
}
