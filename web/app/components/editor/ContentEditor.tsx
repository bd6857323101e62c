import { Alert, Button, Card, Col, Form, Popconfirm, Row, Space } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useKeptWork } from './kept-work';
import { RevisionHistory } from './RevisionHistory';
import { useContentSave, type ContentCalls } from './use-content-save';
import { NO_CONSENT, type SensitiveConsent } from './review';
import { useSensitiveCheck, type SensitiveCheckOptions } from './SensitiveHits';
import { slowLoading } from '../ui/slow-loading';

/** A button of the editor's bar: save, then what follows (submit, publish …). */
export interface EditorAction {
  label: string;
  /** The form's submit button (Enter in a field); one per editor. */
  primary?: boolean;
  /** A step that submits or publishes: the sensitive-word check runs first (SensitiveHits). */
  screened?: boolean;
  /** `consent`: what the person said about sensitive words (SensitiveHits `before`). */
  then: (id: number, consent: SensitiveConsent) => Promise<string> | string;
}

/** The version comparison of an editor: field names, and a saved version and the form as it reads them. */
export interface EditorRevisions<V, R> {
  labels: Record<string, string>;
  fromVersion: (version: R) => Record<string, unknown>;
  fromForm: (values: V) => Record<string, unknown>;
}

/** 内容刚被他人修改: the save's refusal, with a reload that first asks, since it drops what was typed. */
export function ConflictNotice({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className="cms-editor-alert"
      title={message}
      description="您填写的内容仍保留在下方，可先复制保存，再重新加载。"
      action={
        <Popconfirm
          title="重新加载？"
          description="本页未保存的修改将被丢弃。"
          okText="确定"
          cancelText="取消"
          onConfirm={onReload}
        >
          <Button size="small">重新加载</Button>
        </Popconfirm>
      }
    />
  );
}

/** 版本记录 of a stored item through its kind's calls; `onRestored` reads the item again. */
export function EditorHistory<R>({
  calls,
  id,
  labels,
  fromVersion,
  current,
  onRestored,
}: {
  calls: Omit<ContentCalls<unknown, R>, 'save'>;
  id: number;
  labels: Record<string, string>;
  fromVersion: (version: R) => Record<string, unknown>;
  current: Record<string, unknown>;
  onRestored: () => void;
}) {
  return (
    <RevisionHistory
      list={() => calls.revisions(id)}
      load={async (revisionId) => fromVersion(await calls.revision(revisionId))}
      current={current}
      labels={labels}
      onRestore={async (revisionId) => {
        await calls.restore(id, revisionId);
        onRestored();
      }}
    />
  );
}

/**
 * The frame every content editor of the platform fills with its fields
 * (news, sub-news of a topic, video): the form with the item's state on
 * top (`head`), its fields (`children`, given the form's current values) and
 * the 发布设置 card beside them (`side`), and below a bar with the save
 * buttons (`actions`), 版本记录 and any `extra` buttons. Saving sends the
 * version the item was read at (see useContentSave); a refusal because
 * someone else saved meanwhile shows with a reload that keeps the typed
 * text until chosen. What is typed is kept as a draft in the browser and
 * leaving with unsaved changes asks first (kept-work.tsx).
 */
export function ContentEditor<V extends object, S, R>({
  draft,
  calls,
  item,
  initial,
  toPayload,
  actions,
  head,
  side,
  extra,
  revisions,
  onSaved,
  onReload,
  sensitive,
  children,
}: {
  /** The kind's name in the key of the browser's draft ('news', 'video', 'subject-12'). */
  draft: string;
  /** The kind's calls (save, revisions, revision, restore), typed by the contract. */
  calls: ContentCalls<S, R>;
  /** The stored item (null for a new one): its id, and the version its edit form was read at. */
  item: { id: number; version: number } | null;
  initial: V;
  toPayload: (values: V) => S;
  actions: EditorAction[];
  head?: ReactNode;
  side?: ReactNode;
  extra?: ReactNode;
  revisions: EditorRevisions<V, R>;
  /** After a save and what followed it: the item's id. */
  onSaved: (id: number) => void;
  /** Read the stored item again: after a restore, on a conflict, after a save whose next step failed. */
  onReload: (id: number | undefined) => void;
  /** Where the sensitive-word check reads the title and body; none: not checked. */
  sensitive?: SensitiveCheckOptions<V>;
  children: (values: V) => ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const id = item?.id;
  // The version this editor was opened with: a page that reads the item again
  // meanwhile must not make the typed text look current.
  const [readAt] = useState(item?.version);
  const { changed, saved, notice } = useKeptWork({
    form,
    kind: draft,
    id,
    version: readAt,
    initial,
  });
  // Once the server has the item the draft has served (even when a next step fails).
  const keptCalls = useMemo(
    () => ({
      save: async (...args: Parameters<typeof calls.save>) => {
        const stored = await calls.save(...args);
        saved();
        return stored;
      },
    }),
    [calls, saved],
  );
  const { save, busy, conflict } = useContentSave({
    form,
    calls: keptCalls,
    id,
    version: readAt,
    initial,
    toPayload,
    onStored: onReload,
  });
  const watched = Form.useWatch([], form) as V | undefined;
  const values = { ...initial, ...watched };
  const primary = actions.find((action) => action.primary);
  const screening = useSensitiveCheck(sensitive, () => ({
    ...initial,
    ...(form.getFieldsValue(true) as Partial<V>),
  }));

  const run = async (action: EditorAction) => {
    const screened = action.screened ? await screening.before() : { go: true, consent: NO_CONSENT };
    if (!screened.go) return;
    const stored = await save((savedId) => action.then(savedId, screened.consent));
    if (stored !== null) onSaved(stored);
  };

  const fields = children(values);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      className="cms-editor"
      requiredMark
      // On a phone the first wrong field may be below the screen: bring it into view.
      scrollToFirstError={{ block: 'center', behavior: 'smooth', focus: true }}
      onFinish={() => primary && void run(primary)}
      onValuesChange={changed}
    >
      {head}
      {notice}
      {conflict && <ConflictNotice message={conflict} onReload={() => onReload(id)} />}
      {screening.panel}
      {side ? (
        // No gutter on a phone: its negative margins pushed the row past a 390 px screen.
        <Row gutter={{ xs: 0, lg: 24 }}>
          <Col xs={24} lg={17}>
            {fields}
          </Col>
          <Col xs={24} lg={7}>
            <Card size="small" title="发布设置" className="cms-editor-side">
              {side}
            </Card>
          </Col>
        </Row>
      ) : (
        fields
      )}
      <div className="cms-editor-actions">
        <Space wrap>
          {actions.map((action) => (
            <Button
              key={action.label}
              type={action.primary ? 'primary' : 'default'}
              htmlType={action.primary ? 'submit' : 'button'}
              loading={slowLoading(busy)}
              onClick={action.primary ? undefined : () => void run(action)}
            >
              {action.label}
            </Button>
          ))}
          {id !== undefined && watched && (
            <EditorHistory
              calls={calls}
              id={id}
              labels={revisions.labels}
              fromVersion={revisions.fromVersion}
              current={revisions.fromForm(values)}
              onRestored={() => onReload(id)}
            />
          )}
          {screening.button}
          {extra}
        </Space>
      </div>
    </Form>
  );
}
