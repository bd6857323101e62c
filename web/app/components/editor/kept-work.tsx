import { Alert, App, Button, Space, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { getUser } from '../../lib/session';

/**
 * Work an editor keeps (issue 18): what is typed is saved as a draft in this
 * browser while typing, offered back when the editor opens again, and
 * leaving with changes not saved to the server asks first.
 */

/** A draft as this browser keeps it. */
export interface StoredDraft<V> {
  /** When it was written (ms since 1970). */
  savedAt: number;
  /** The item's version the draft was typed against (null: a new item). */
  version: number | null;
  values: V;
}

const PREFIX = 'editorDraft:';
/** How long after typing a pause writes the draft. */
const DEBOUNCE_MS = 800;
/** Drafts older than this are not offered (and are removed): a shared computer keeps no old texts. */
const KEEP_DAYS = 30;

/**
 * Where a draft is kept: the person (a new login of the same person finds it
 * again, another person does not), the kind of item, and its id or "new".
 */
export function draftKey(kind: string, id: number | undefined): string | null {
  const user = getUser();
  return user ? `${PREFIX}${user.staffId}:${kind}:${id ?? 'new'}` : null;
}

export function readDraft<V>(key: string): StoredDraft<V> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft<V>;
    if (typeof draft?.savedAt !== 'number' || !draft.values) return null;
    if (Date.now() - draft.savedAt > KEEP_DAYS * 24 * 3600_000) {
      window.localStorage.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: StoredDraft<unknown>) {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or disabled storage: the editor still works, only without a draft.
  }
}

function removeDraft(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove where there is no storage.
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** 11:42 today, 3月5日 11:42 another day. */
function whenSaved(savedAt: number) {
  const at = dayjs(savedAt);
  return at.isSame(dayjs(), 'day') ? at.format('HH:mm') : at.format('M月D日 HH:mm');
}

/** The offer of a draft found on opening: 恢复 puts it in the form, 丢弃 removes it. */
function DraftNotice({
  draft,
  changedSince,
  onRestore,
  onDiscard,
}: {
  draft: StoredDraft<unknown>;
  changedSince: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert
      type={changedSince ? 'warning' : 'info'}
      showIcon
      role="status"
      className="cms-editor-alert cms-editor-draft"
      title={`发现 ${whenSaved(draft.savedAt)} 自动保存的草稿`}
      description={
        changedSince
          ? '草稿保存之后，这条内容已被修改并保存过。恢复会用草稿替换下方较新的内容，请先核对。'
          : '上次编辑未保存就离开了，可恢复草稿继续编辑。'
      }
      action={
        <Space direction="vertical" size={4}>
          <Button size="small" type="primary" onClick={onRestore}>
            恢复
          </Button>
          <Button size="small" onClick={onDiscard}>
            丢弃
          </Button>
        </Space>
      }
    />
  );
}

/**
 * The kept work of one editor: `changed` goes to the form's onValuesChange
 * (marks the form changed and writes the draft after a pause), `saved` is
 * called once the server has the item (the draft is removed and leaving no
 * longer asks), `notice` is the offer of a draft found on opening.
 */
export function useKeptWork<V extends object>({
  form,
  kind,
  id,
  version,
  initial,
}: {
  form: FormInstance<V>;
  kind: string;
  id: number | undefined;
  /** The version the editor was opened at (undefined: a new item). */
  version: number | undefined;
  initial: V;
}): { changed: () => void; saved: () => void; notice: ReactNode } {
  const { modal } = App.useApp();
  const [key] = useState(() => (typeof window === 'undefined' ? null : draftKey(kind, id)));
  // Read once on opening. The platform's pages render in the browser only (the cms layout
  // hydrates from its clientLoader), so the first render may read the storage.
  const [offer, setOffer] = useState<StoredDraft<V> | null>(() => {
    const found = key ? readDraft<V>(key) : null;
    if (found && !same({ ...initial, ...found.values }, initial)) return found;
    // A draft no different from the stored item has nothing to offer.
    if (found && key) removeDraft(key);
    return null;
  });
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const changed = useCallback(() => {
    dirty.current = true;
    if (!key) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!dirty.current) return;
      writeDraft(key, {
        savedAt: Date.now(),
        version: version ?? null,
        values: form.getFieldsValue(true),
      });
    }, DEBOUNCE_MS);
  }, [form, key, version]);

  const saved = useCallback(() => {
    dirty.current = false;
    clearTimeout(timer.current);
    if (key) removeDraft(key);
    setOffer(null);
  }, [key]);

  // Leaving inside the app (the side menu, a link, back): ask while there are unsaved changes.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: '有未保存的修改，确定离开？',
      content: '修改已作为草稿保存在本机，再次打开时可以恢复；离开后服务器上的内容不变。',
      okText: '离开',
      cancelText: '留下',
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);

  // Closing the tab or reloading: the browser's own question.
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers need the return value set to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  const notice = offer && key && (
    <DraftNotice
      draft={offer}
      changedSince={offer.version !== (version ?? null)}
      onRestore={() => {
        form.setFieldsValue(offer.values as Parameters<typeof form.setFieldsValue>[0]);
        dirty.current = true;
        setOffer(null);
      }}
      onDiscard={() => {
        removeDraft(key);
        setOffer(null);
      }}
    />
  );
  return { changed, saved, notice };
}
