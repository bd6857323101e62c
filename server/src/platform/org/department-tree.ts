import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A department as the tree code needs it. */
export interface DeptRow {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
}

/** Every department, siblings in their order. The school has tens of them, not thousands. */
export function allDepartments(db: Kysely<Database>): Promise<DeptRow[]> {
  return db
    .selectFrom('department')
    .select(['id', 'name', 'parentId', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The department and everything below it. */
export function subtreeIds(rows: DeptRow[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row.id);
    children.set(row.parentId, list);
  }
  const found = new Set<number>();
  const pending = [rootId];
  while (pending.length) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return found;
}

/** The children of `parentId` (null: the top level) in their order. */
export function siblingsOf(rows: DeptRow[], parentId: number | null): DeptRow[] {
  return rows.filter((row) => row.parentId === parentId);
}

/**
 * Takes the department rows for the rest of the transaction, so changes to
 * the tree (and staff joining a department) happen one after another: a cycle
 * check, a "still empty?" check before a delete, a "does it still exist?"
 * check before staff join it, all see the others' committed result. Every
 * caller locks the same rows with the same statement, so they queue rather
 * than deadlock. SQLite runs one transaction at a time anyway.
 */
export async function lockDepartments(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('department')
    .set((eb) => ({ sort: eb.ref('sort') }))
    .execute();
}

/** A department with those below it, to `depth` levels (the address book 3, the mail 4). */
export interface DeptBranch {
  deptId: number;
  deptName: string;
  children: DeptBranch[];
}

export function departmentTree(rows: DeptRow[], depth: number): DeptBranch[] {
  const grow = (parentId: number | null, level: number): DeptBranch[] =>
    siblingsOf(rows, parentId).map((row) => ({
      deptId: row.id,
      deptName: row.name,
      children: level < depth ? grow(row.id, level + 1) : [],
    }));
  return grow(null, 1);
}
