/** The school's public-account QR image with its caption, in both footers. */
export function QrFigure({ src, size, caption }: { src: string; size: number; caption: string }) {
  if (!src) return null;
  return (
    <figure className="footer-qr">
      <img src={src} alt="官方公众号二维码" width={size} height={size} loading="lazy" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
