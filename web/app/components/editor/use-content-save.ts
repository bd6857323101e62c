import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/page-data';
import type { RevisionRow } from './RevisionHistory';

/**
 * The calls of one kind of content the editor frame makes, each a typed call
 * of the contract (news-form.ts NEWS_CALLS: `save: (newId, body, version) =>
 * call('cms/news/save', …)`). S: what a save sends besides the id and the
 * version; R: a saved version as `revision` answers it.
 */
export interface ContentCalls<S, R> {
  /** Saves the item (null: a new one) at the version it was read at; answers its id. */
  save: (id: number | null, body: S, version: number | undefined) => Promise<number>;
  revisions: (id: number) => Promise<RevisionRow[]>;
  revision: (revisionId: number) => Promise<R>;
  restore: (id: number, revisionId: number) => Promise<unknown>;
}

/** What follows a successful save (a workflow step, or nothing); answers the success message. */
export type AfterSave = (id: number) => Promise<string> | string;

/**
 * The save of every content editor (news, sub-news, video, introduction
 * pages and people): check the form, save it through the kind's `save` with
 * the item's id and the version it was read at (none for a new item), then
 * run what follows.
 *
 * - A 409 of the save (someone else saved the item meanwhile) is kept as
 *   `conflict` for the editor to show with a way to reload; the typed text
 *   stays in the form until the person chooses to reload (a new read of the
 *   item, with its new version, clears it).
 * - A save that landed but whose next step failed calls `onStored`, so the
 *   page reads the stored item (and its new version) instead of keeping a
 *   form whose version is now out of date.
 */
export function useContentSave<V, S>({
  form,
  calls,
  id,
  version,
  initial,
  toPayload,
  onStored,
}: {
  form: FormInstance<V>;
  calls: Pick<ContentCalls<S, unknown>, 'save'>;
  id: number | null | undefined;
  /** The version the stored item was read at; undefined for a new item. */
  version: number | undefined;
  /** Values of fields the form does not show at the moment (a hidden picture set). */
  initial: Partial<V>;
  toPayload: (values: V) => S;
  onStored?: (id: number) => void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // A refusal belongs to the version it was refused at: reading the item again clears it.
  const [conflict, setConflict] = useState<{ message: string; version: number | undefined } | null>(
    null,
  );

  /** Saves and runs `after`; answers the stored id, or null when nothing (or not all) was done. */
  const save = async (after: AfterSave): Promise<number | null> => {
    let checked: V;
    try {
      checked = await form.validateFields();
    } catch (err) {
      // The tap may be far below the wrong field (a phone): bring it into view and focus it, so
      // a screen reader reads its label and its error (antd links them by aria-describedby).
      const first = (
        err as { errorFields?: Array<{ name: (string | number)[]; errors: string[] }> }
      ).errorFields?.[0];
      if (first) {
        form.focusField(first.name);
        form.scrollToField(first.name, { block: 'center', behavior: 'smooth' });
      }
      message.error(
        first?.errors[0] ? `请检查标红的内容：${first.errors[0]}` : '请检查表单中标红的内容',
      );
      return null;
    }
    setBusy(true);
    let stored: number | null = null;
    try {
      stored = await calls.save(id ?? null, toPayload({ ...initial, ...checked } as V), version);
      message.success(await after(stored));
      setConflict(null);
      return stored;
    } catch (err) {
      if (stored === null && err instanceof ApiError && err.status === 409) {
        setConflict({ message: err.message, version });
      } else {
        message.error(errorText(err));
        if (stored !== null) onStored?.(stored);
      }
      return null;
    } finally {
      setBusy(false);
    }
  };

  return {
    save,
    busy,
    conflict: conflict && conflict.version === version ? conflict.message : null,
  };
}
