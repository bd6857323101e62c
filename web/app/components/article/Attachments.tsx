import type { NewsFile } from '@school/common/api';
import { useSite } from '../../root';
import { slashPath } from '../../lib/text';

/** Where an attachment opens: old files by their own path, new ones through FJXZ by id. */
export function attachmentHref(file: NewsFile, base: string): string {
  if (file.oldfile === 1 || !file.fileId) return slashPath(file.filePath);
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}api/news/uploadnewfile.do?FILE_ID=${file.fileId}`;
}

/** 【附件】 and the files of an article. */
export function Attachments({ files }: { files: NewsFile[] }) {
  const site = useSite();
  if (files.length === 0) return null;
  return (
    <section className="attachments" aria-label="附件">
      <h2>【附件】</h2>
      <ul>
        {files.map((file, i) => (
          <li key={`${file.filePath}-${i}`}>
            <a href={attachmentHref(file, site.attachmentBase)} target="_blank" rel="noreferrer">
              {file.fileName}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
