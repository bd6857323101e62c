import { Spin, Tree } from 'antd';
import { toTreeData, type DeptNode } from './dept-tree';

/** The key of 全部: every account, in a department or not. */
const ALL = 0;

/**
 * The department tree at the left of 用户管理: choosing a department shows
 * its staff and those of the departments below it; 全部 shows everyone.
 */
export function DeptFilterTree({
  tree,
  deptId,
  onChange,
}: {
  /** null while loading. */
  tree: DeptNode[] | null;
  deptId: number | undefined;
  onChange: (deptId: number | undefined) => void;
}) {
  if (!tree) return <Spin />;
  const data = [
    {
      key: ALL,
      title: '全部',
      children: toTreeData(tree, (node) => `${node.deptName}（${node.totalStaffCount}）`),
    },
  ];
  return (
    <nav aria-label="按部门筛选" style={{ overflowX: 'auto' }}>
      <Tree
        style={{ whiteSpace: 'nowrap' }}
        blockNode
        showLine
        defaultExpandedKeys={[ALL, ...tree.map((node) => node.deptId)]}
        selectedKeys={[deptId ?? ALL]}
        treeData={data}
        onSelect={(keys) => {
          // Clicking the chosen one again keeps it chosen.
          if (!keys.length) return;
          const key = Number(keys[0]);
          onChange(key === ALL ? undefined : key);
        }}
      />
    </nav>
  );
}
