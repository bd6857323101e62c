import {
  CustomerServiceOutlined,
  FileImageOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FolderOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { DriveIcon } from './drive-data';

/** A file's icon on the share page, by its kind. */
export const SHARE_ICONS: Record<DriveIcon, ReactNode> = {
  folder: <FolderOutlined aria-hidden />,
  document: <FileTextOutlined aria-hidden />,
  picture: <FileImageOutlined aria-hidden />,
  audio: <CustomerServiceOutlined aria-hidden />,
  video: <VideoCameraOutlined aria-hidden />,
  archive: <FileZipOutlined aria-hidden />,
};

/** A share address's query: the code when there is one, and the given ids. */
export function shareQuery(fields: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}
