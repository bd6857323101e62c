import { Image, Typography } from 'antd';

/** A picture in a table cell: the small copy, opening the full picture on click. */
export function Thumb({
  url,
  thumbUrl,
  alt,
  width = 96,
  height,
}: {
  url: string;
  thumbUrl?: string;
  alt: string;
  width?: number;
  height?: number;
}) {
  if (!url) return <Typography.Text type="secondary">无图片</Typography.Text>;
  return (
    <Image
      src={thumbUrl || url}
      preview={{ src: url }}
      alt={alt}
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
}

/** A stored picture as UploadField holds it, from a row's id and address. */
export function pictureValue(
  fileId: number | null | undefined,
  url: string | null | undefined,
  name: string,
  thumbUrl?: string,
) {
  return fileId && url ? { fileId, url, fileName: name, thumbUrl } : null;
}
