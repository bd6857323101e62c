import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError, callUntyped as call, type Payload } from '../../api/client';
import { errorText } from '../../api/page-data';

/** Where an item's calls are: <api>/save, revisions, revision, restore, each with the item's id. */
export interface EditorApi {
  api: string;
  idName: string;
}

/** What follows a successful save (a workflow step, or nothing); answers the success message. */
export type AfterSave = (id: number) => Promise<string> | string;

/**
 * The save of every content editor (news, sub-news, video, introduction
 * pages and people): check the form, send `<api>/save` with the item's id
 * and the version it was read at, then run what follows.
 *
 * - A 409 of the save (someone else saved the item meanwhile) is kept as
 *   `conflict` for the editor to show with a way to reload; the typed text
 *   stays in the form until the person chooses to reload (a new read of the
 *   item, with its new version, clears it).
 * - A save that landed but whose next step failed calls `onStored`, so the
 *   page reads the stored item (and its new version) instead of keeping a
 *   form whose version is now out of date.
 * - `version` absent (a server that does not send it): none is sent.
 */
export function useContentSave<V>({
  form,
  kind: { api, idName },
  id,
  version,
  initial,
  toPayload,
  onStored,
}: {
  form: FormInstance<V>;
  kind: EditorApi;
  id: number | null | undefined;
  version: number | undefined;
  /** Values of fields the form does not show at the moment (a hidden picture set). */
  initial: Partial<V>;
  toPayload: (values: V) => Payload;
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
    } catch {
      message.error('请检查表单中标红的内容');
      return null;
    }
    setBusy(true);
    let stored: number | null = null;
    try {
      const answer = await call<Record<string, number>>(`${api}/save`, {
        [idName]: id ?? undefined,
        ...toPayload({ ...initial, ...checked } as V),
        version,
      });
      stored = answer[idName]!;
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
