import { Badge } from 'antd';
import { openCmsHandoff } from '../../lib/cms-handoff';
import { useUser } from '../../lib/use-user';
import { useSite } from '../../root';
import { todoEntries, type TodoNum } from './leave-data';

/**
 * The staff home's to-do block: 请假审批, 图片审核 and 病毒检测, each only when
 * its count is above 0, with a red dot and the count; a click opens its list in
 * a new tab through the signed hand-off (visitType 21 / 22 / 23).
 */
export function TodoBlock({
  counts,
}: {
  counts: Pick<TodoNum, 'leaveNum' | 'picNum' | 'virusNum'>;
}) {
  const user = useUser();
  const site = useSite();
  if (!user) return null;
  const entries = todoEntries(counts);
  if (entries.length === 0) return null;
  return (
    <ul className="todo-block" aria-label="待办事项">
      {entries.map((entry) => (
        <li key={entry.visitType}>
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void openCmsHandoff(site.cmsHandoffUrl, user, { visitType: entry.visitType })
            }
          >
            <Badge dot color="red">
              <span>{entry.label}</span>
            </Badge>
            <span className="todo-count">（{entry.count}）</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
