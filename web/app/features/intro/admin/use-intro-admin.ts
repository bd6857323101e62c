import { useState } from 'react';
import { useCmsList } from '../../../api/use-cms-list';

const PAGE_SIZE = 10;

/**
 * The state of an introduction list screen: its filter and page, the list
 * (read again on each change), and the editor drawer (a new one for each
 * opening: `editor.session` is its key). Changing the filter goes back to
 * the first page.
 */
export function useIntroAdmin<Row, Filter extends Record<string, string | number | undefined>>(
  listPath: string,
) {
  const [filter, setFilter] = useState<Partial<Filter>>({});
  const [pageNum, setPageNum] = useState(1);
  const [editor, setEditor] = useState<{ open: boolean; id: number | null; session: number }>({
    open: false,
    id: null,
    session: 0,
  });
  const list = useCmsList<Row>(listPath, { ...filter, pageNum, pageSize: PAGE_SIZE });
  return {
    ...list,
    filter,
    change: (next: Partial<Filter>) => {
      setFilter((current) => ({ ...current, ...next }));
      setPageNum(1);
    },
    editor,
    edit: (id: number | null) =>
      setEditor((current) => ({ open: true, id, session: current.session + 1 })),
    closeEditor: () => setEditor((current) => ({ ...current, open: false })),
    /** What the table needs for its paging. */
    paging: { pageNum, pageSize: PAGE_SIZE, onPage: setPageNum },
  };
}
