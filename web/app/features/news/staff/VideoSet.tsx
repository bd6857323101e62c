import { Pagination } from 'antd';
import { useState } from 'react';
import type { NewsFile } from '@school/common/api';
import { slashPath } from '../../../lib/text';

/** intranet.md §9: a video set shows 6 videos a page. */
const PAGE_SIZE = 6;

/** The videos of a video set (newcontenttype 3) as the staff article view lists them. */
export function VideoSet({ files }: { files: NewsFile[] }) {
  const [pageNum, setPageNum] = useState(1);
  if (files.length === 0) return null;
  const shown = files.slice((pageNum - 1) * PAGE_SIZE, pageNum * PAGE_SIZE);
  return (
    <section className="video-set" aria-label="视频">
      <ul>
        {shown.map((file, i) => (
          <li key={`${file.filePath}-${i}`}>
            <video src={slashPath(file.filePath)} controls preload="metadata" />
            <span>{file.caption || file.fileName}</span>
          </li>
        ))}
      </ul>
      {files.length > PAGE_SIZE && (
        <Pagination
          size="small"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={files.length}
          onChange={setPageNum}
        />
      )}
    </section>
  );
}
