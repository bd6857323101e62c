import { isStrongPassword } from '@school/common';
import { describe, expect, it } from 'vitest';
import {
  allDeptIds,
  deptNames,
  findDept,
  moveForDrop,
  toTreeData,
  type DeptNode,
  type TreeDrop,
} from './dept-tree';
import { randomStrongPassword } from './passwords';

const dept = (deptId: number, deptName: string, children: DeptNode[] = []): DeptNode => ({
  deptId,
  deptName,
  parentId: null,
  sort: 0,
  staffCount: deptId,
  totalStaffCount: deptId * 10,
  headStaffId: null,
  headName: null,
  children: children.map((child) => ({ ...child, parentId: deptId })),
});

// 1 教务处 (2 高中科, 3 初中科 (4 教研组)), 5 德育处, 6 后勤处
const TREE = [
  dept(1, '教务处', [dept(2, '高中科'), dept(3, '初中科', [dept(4, '教研组')])]),
  dept(5, '德育处'),
  dept(6, '后勤处'),
];

const drop = (over: Partial<TreeDrop>): TreeDrop => ({
  dragId: 6,
  targetId: 5,
  toGap: true,
  relative: -1,
  targetOpen: false,
  ...over,
});

describe('department tree helpers', () => {
  it('turns the tree into antd data with a chosen label', () => {
    const data = toTreeData(TREE, (n) => `${n.deptName}（${n.totalStaffCount}）`);
    expect(data[0]).toMatchObject({ key: 1, value: 1, title: '教务处（10）' });
    expect(data[0]!.children[1]!.children[0]).toMatchObject({ key: 4, title: '教研组（40）' });
  });

  it('finds a department with its parent and place', () => {
    const place = findDept(TREE, 3)!;
    expect([place.node.deptName, place.parent?.deptId, place.index, place.siblings.length]).toEqual(
      ['初中科', 1, 1, 2],
    );
    expect(findDept(TREE, 6)!.parent).toBeNull();
    expect(findDept(TREE, 99)).toBeNull();
    expect(deptNames(TREE).get(4)).toBe('教研组');
    expect(allDeptIds(TREE)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reads a drop as a new parent and place', () => {
    // Before 德育处, at the top level.
    expect(moveForDrop(TREE, drop({}))).toEqual({ parentId: 0, position: 1 });
    // After 教务处: the place is counted without the dragged one.
    expect(moveForDrop(TREE, drop({ targetId: 1, relative: 1 }))).toEqual({
      parentId: 0,
      position: 1,
    });
    // Onto 高中科: its first child.
    expect(moveForDrop(TREE, drop({ targetId: 2, toGap: false, relative: 0 }))).toEqual({
      parentId: 2,
      position: 0,
    });
    // After 初中科 while it is open: its first child.
    expect(moveForDrop(TREE, drop({ targetId: 3, relative: 1, targetOpen: true }))).toEqual({
      parentId: 3,
      position: 0,
    });
    // After 初中科 while it is closed: its next sibling under 教务处.
    expect(moveForDrop(TREE, drop({ targetId: 3, relative: 1 }))).toEqual({
      parentId: 1,
      position: 2,
    });
    // Moving within the same parent: 高中科 after 初中科.
    expect(moveForDrop(TREE, drop({ dragId: 2, targetId: 3, relative: 1 }))).toEqual({
      parentId: 1,
      position: 1,
    });
  });

  it('refuses drops onto itself or below itself', () => {
    expect(moveForDrop(TREE, drop({ dragId: 1, targetId: 1, toGap: false }))).toBeNull();
    expect(moveForDrop(TREE, drop({ dragId: 1, targetId: 4, toGap: false }))).toBeNull();
    expect(moveForDrop(TREE, drop({ dragId: 1, targetId: 3 }))).toBeNull();
    expect(moveForDrop(TREE, drop({ dragId: 99 }))).toBeNull();
  });
});

describe('randomStrongPassword', () => {
  it('always passes the strength rule', () => {
    for (let i = 0; i < 200; i++) {
      const password = randomStrongPassword();
      expect(password).toHaveLength(12);
      expect(isStrongPassword(password)).toBe(true);
    }
  });

  it('mixes the kinds even when the source of randomness is poor', () => {
    expect(isStrongPassword(randomStrongPassword(() => 0))).toBe(true);
  });
});
