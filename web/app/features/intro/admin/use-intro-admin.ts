import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { emptyPage, intSearch, read, useListAct, useSearchState } from '../../../api/page-data';
import { isContentAdmin } from '@school/common';
import type { BodyTo } from '../../../api/client';
import { requireUser } from '../../../lib/session';

const PAGE_SIZE = 10;

/**
 * The list of an introduction screen for its clientLoader: the filter and
 * page from the address (`numbers` and `texts` name the filter's fields),
 * read for administrators (isPower 1) only.
 */
export async function loadIntroList<
  P extends 'cms/wwfz/list' | 'cms/fmsm/list',
  Filter extends Record<string, string | number | undefined>,
>(
  request: Request,
  listPath: P,
  numbers: Array<keyof Filter & keyof BodyTo<P> & string>,
  texts: Array<keyof Filter & keyof BodyTo<P> & string>,
) {
  const params = new URL(request.url).searchParams;
  const filter: Record<string, string | number | undefined> = {};
  for (const name of numbers) filter[name] = intSearch(params, name);
  for (const name of texts) filter[name] = params.get(name) || undefined;
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  // The filter's fields are the list's own (numbers and texts are checked against its body).
  const body = { ...filter, pageNum, pageSize: PAGE_SIZE } as BodyTo<P>;
  const page = isContentAdmin(requireUser(request))
    ? await read(listPath, body, emptyPage())
    : null;
  return { filter: filter as Partial<Filter>, pageNum, page };
}

/**
 * The state of an introduction list screen around its loaded list: changing
 * the filter (in the address) goes back to the first page, and the editor
 * drawer is a new one for each opening (`editor.session` is its key).
 */
export function useIntroAdmin<Filter extends Record<string, string | number | undefined>>() {
  const { pageNum, change, setPage } = useSearchState();
  const { revalidate } = useRevalidator();
  const act = useListAct();
  const [editor, setEditor] = useState<{ open: boolean; id: number | null; session: number }>({
    open: false,
    id: null,
    session: 0,
  });
  return {
    act,
    reload: () => void revalidate(),
    change: (next: Partial<Filter>) => change(next),
    editor,
    edit: (id: number | null) =>
      setEditor((current) => ({ open: true, id, session: current.session + 1 })),
    closeEditor: () => setEditor((current) => ({ ...current, open: false })),
    /** What the table needs for its paging. */
    paging: { pageNum, pageSize: PAGE_SIZE, onPage: setPage },
  };
}
