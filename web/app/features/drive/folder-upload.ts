import { FOLDER_NAME_MAX } from '@school/common';
import { call } from '../../api/client';
import { addFolder, type FolderNode } from './drive-api';

/** One uploaded file and the folder path it was dropped with ('' for none). */
export interface PlacedUpload<T> {
  file: T;
  /** `教案/第一单元` for a file dropped as `教案/第一单元/x.docx`. */
  folder: string;
}

/** The folder part of a dropped file's relative path: `a/b/c.txt` → `a/b`. */
export function folderOfPath(relativePath: string): string {
  const parts = relativePath.split('/').filter(Boolean);
  return parts.slice(0, -1).join('/');
}

/** A dropped folder's name the drive cannot take (too long), or null. */
export function badFolderName(paths: readonly string[]): string | null {
  for (const path of paths) {
    for (const name of path.split('/').filter(Boolean)) {
      if ([...name].length > FOLDER_NAME_MAX) return name;
    }
  }
  return null;
}

/**
 * The drive folder for each dropped folder path under `rootFId`: a folder of
 * that name already there is used, a missing one is made (parents first).
 * Answers the folder id per path ('' is the root itself).
 */
export async function ensureFolders(
  paths: readonly string[],
  rootFId: number,
  sType: 0 | 1,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>([['', rootFId]]);
  const wanted = [...new Set(paths.filter(Boolean))];
  if (wanted.length === 0) return ids;
  const children = new Map<number, FolderNode[]>();
  const tree = await call('resources/getFolderTree', { fId: 0, sType });
  const walk = (nodes: FolderNode[]) => {
    for (const node of nodes) {
      const parent = node.fsuperId ?? 0;
      children.set(parent, [...(children.get(parent) ?? []), node]);
      walk(node.childList);
    }
  };
  walk(tree);
  // Shorter paths first, so a folder's parent exists before it.
  const all = new Set<string>();
  for (const path of wanted) {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('/'));
  }
  for (const path of [...all].sort((a, b) => a.split('/').length - b.split('/').length)) {
    const cut = path.lastIndexOf('/');
    const parentId = ids.get(cut < 0 ? '' : path.slice(0, cut))!;
    const name = path.slice(cut + 1);
    const existing = children.get(parentId)?.find((node) => node.fname === name);
    if (existing) {
      ids.set(path, existing.fid);
      continue;
    }
    const made = await addFolder({ fSuperId: parentId, fName: name, sType });
    ids.set(path, made.fid);
    children.set(parentId, [
      ...(children.get(parentId) ?? []),
      {
        fid: made.fid,
        fname: name,
        fsuperId: parentId,
        layer: 0,
        isTop: '0',
        fnum: 0,
        childList: [],
      },
    ]);
  }
  return ids;
}

/** `items` in groups of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
