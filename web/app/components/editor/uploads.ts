import { ApiError, SESSION_END_MESSAGES, type Envelope } from '../../api/client';
import { clearUser, getUser } from '../../lib/session';

/** What the platform's upload call answers and its forms keep. */
export interface UploadedFile {
  fileId: number;
  url: string;
  fileName: string;
  thumbUrl?: string;
  size?: number;
  mimeType?: string;
}

export type UploadKind = 'image' | 'video' | 'pdf' | 'attachment';

/** The picker's filter per kind; the server checks the bytes anyway. */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: 'image/jpeg,image/png,image/gif,image/webp,image/bmp',
  video: 'video/mp4,video/webm,video/quicktime',
  pdf: 'application/pdf',
  attachment:
    '.txt,.rtf,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.wps,.zip,.rar,.7z,.jpg,.jpeg,.png,.gif,.bmp,.mp3,.wav,.m4a,.aac,.ogg,.mp4,.mov,.webm,.avi,.wmv',
};

/** Limits as the server sets them (modules/file/upload.ts), to refuse early in the page. */
export const UPLOAD_MAX_MB: Record<UploadKind, number> = {
  image: 20,
  video: 1024,
  pdf: 200,
  attachment: 200,
};

/**
 * Sends one file to `api/cms/upload` with progress; resolves with the stored
 * file or rejects with the server's Chinese message.
 */
export function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadedFile> {
  if (file.size > UPLOAD_MAX_MB[kind] * 1024 * 1024) {
    return Promise.reject(new ApiError(413, `文件过大，最大 ${UPLOAD_MAX_MB[kind]} MB`));
  }
  return uploadTo<UploadedFile>(`/api/cms/upload?kind=${kind}`, file, onProgress);
}

/**
 * Sends one file as the multipart field `file` to an upload address of the
 * API, with the login and progress; resolves with the answer's data or
 * rejects with the server's Chinese message. `signal` aborts it.
 */
export function uploadTo<T>(
  address: string,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
  /** Form fields sent before the file (a streamed upload reads them first). */
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', address);
    const token = getUser()?.token;
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, '网络错误，上传失败'));
    request.onabort = () => reject(new ApiError(0, '上传已取消'));
    signal?.addEventListener('abort', () => request.abort());
    request.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<T>;
      } catch {
        reject(new ApiError(request.status, '服务器暂时无法响应，请稍后再试'));
        return;
      }
      if (envelope.status !== 0) {
        if (SESSION_END_MESSAGES.includes(envelope.msg)) {
          clearUser();
          window.location.assign('/index');
        }
        reject(new ApiError(envelope.status, envelope.msg));
        return;
      }
      resolve(envelope.data);
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    request.send(form);
  });
}
