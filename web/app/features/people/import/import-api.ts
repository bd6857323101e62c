import type { ImportOutcome, ImportPlan } from '@school/common/api';
import { ApiError } from '../../../api/client';
import { uploadTo } from '../../../components/editor/uploads';
import { getUser } from '../../../lib/session';

export type { ImportOutcome, ImportPlan };

/** The limits the server keeps (common/src/api/staff-import.ts), checked here first. */
export const SHEET_MAX_MB = 5;
export const SHEET_ACCEPT = '.xlsx,.csv';

export const OUTCOME_LABELS: Record<ImportOutcome, { label: string; color: string }> = {
  create: { label: '新建', color: 'green' },
  update: { label: '更新', color: 'blue' },
  same: { label: '不变', color: 'default' },
  error: { label: '错误', color: 'red' },
};

/** Uploads a staff sheet for its dry run, with progress. */
export function previewSheet(file: File, onProgress: (percent: number) => void) {
  if (file.size > SHEET_MAX_MB * 1024 * 1024) {
    return Promise.reject(new ApiError(413, `文件过大，人员表最大 ${SHEET_MAX_MB} MB`));
  }
  return uploadTo<ImportPlan>('/api/cms/staffImport/preview', file, onProgress);
}

/**
 * Fetches a sheet the API answers (the template, the initial passwords) with the login and
 * saves it under `fileName`; a refusal rejects with the server's Chinese message.
 */
export async function downloadSheet(address: string, fileName: string): Promise<void> {
  const token = getUser()?.token;
  const response = await fetch(address, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiError(response.status, body?.msg ?? '下载失败，请稍后再试');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const passwordsAddress = (importId: number, downloadToken: string) =>
  `/api/cms/staffImport/passwords?importId=${importId}&downloadToken=${encodeURIComponent(downloadToken)}`;
