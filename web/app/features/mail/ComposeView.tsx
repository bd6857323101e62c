import { ClockCircleOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { MAIL_BODY_MAX, MAIL_FILE_MAX_BYTES, MAIL_TITLE_MAX } from '@school/common';
import { Alert, App, Button, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/page-data';
import { RichTextEditor } from '../../components/editor/RichTextEditor';
import { useUser } from '../../lib/use-user';
import { AttachmentField, DriveAttachButton } from './AttachmentField';
import { cancelSchedule, saveDraft, scheduleMail, sendMail, uploadMailFile } from './mail-api';
import {
  ATTACHMENT_HINT,
  asksAboutAttachments,
  bodyLength,
  clockOf,
  isBlank,
  mailPayload,
  sendProblem,
  type ComposeDraft,
  type LargeAttached,
} from './mail-data';
import { RecipientPicker } from './RecipientPicker';
import { LargeAttachmentList, useLargeUploads } from './LargeAttachments';
import { slowLoading } from '../../components/ui/slow-loading';

/** Autosave waits this long after the last change. */
const AUTOSAVE_MS = 2_000;

/** What a save compares: the mail without its draft id. */
const contentKey = (draft: ComposeDraft) => JSON.stringify(mailPayload({ ...draft, draftId: 0 }));

/** Body pictures go through the mail's upload and use its `src`. */
const uploadPicture = (file: File) =>
  uploadMailFile('image', file).then((f) => ({ src: f.src, fileName: f.fileName }));

/** The send time's form, as the server reads it (Beijing time; the school's pages run in it). */
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * 写邮件 (view 1): recipients, subject, attachments, body. The mail is kept
 * as a draft 2 s after each change and when the view is left; a failed send
 * keeps everything typed. 定时发送 keeps it under 待发送 until the chosen time;
 * a scheduled mail opened from there says when it goes, and can be sent now,
 * given another time or cancelled back to the draft box.
 */
export function ComposeView({
  draft,
  setDraft,
  onSent,
  onScheduled,
}: {
  draft: ComposeDraft;
  setDraft: (update: (draft: ComposeDraft) => ComposeDraft) => void;
  onSent: () => void;
  onScheduled: () => void;
}) {
  const { message, modal } = App.useApp();
  const user = useUser();
  const [attaching, setUploading] = useState(0);
  const setLarge = (update: (files: LargeAttached[]) => LargeAttached[]) =>
    setDraft((d) => ({ ...d, largeFiles: update(d.largeFiles ?? []) }));
  const large = useLargeUploads(draft.largeFiles ?? [], setLarge);
  // Sending waits for attachments and 超大附件 still on their way.
  const uploading = attaching + large.inFlight.length;
  const [sending, setSending] = useState(false);
  /** The time picker's dialog: open with the time chosen so far. */
  const [picking, setPicking] = useState<Dayjs | null | undefined>(undefined);
  const [scheduling, setScheduling] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);

  const latest = useRef(draft);
  const draftId = useRef(draft.draftId);
  // Only a change is saved: an opened draft, a reply not yet touched stay as they are.
  const savedKey = useRef(contentKey(draft));
  const queue = useRef<Promise<void>>(Promise.resolve());
  const closed = useRef(false);
  // The parent's setter changes with every render; saves use the current one.
  const update = useRef(setDraft);
  useEffect(() => {
    latest.current = draft;
    update.current = setDraft;
  });

  /** Saves the draft after any save under way (so the same draft is updated). */
  const save = useCallback(
    (quiet: boolean) => {
      const run = async () => {
        const current = { ...latest.current, draftId: draftId.current ?? latest.current.draftId };
        const key = contentKey(current);
        if (closed.current || isBlank(current) || (quiet && key === savedKey.current)) return;
        try {
          const saved = await saveDraft(current);
          savedKey.current = key;
          draftId.current = saved.draftId;
          setSavedAt(clockOf(saved.updateDate));
          update.current((d) =>
            d.draftId === saved.draftId ? d : { ...d, draftId: saved.draftId },
          );
          if (!quiet) message.success('草稿已保存');
        } catch (err) {
          if (!quiet) message.error(`草稿保存失败：${errorText(err)}`);
        }
      };
      queue.current = queue.current.then(run);
      return queue.current;
    },
    [message],
  );

  const key = contentKey(draft);
  useEffect(() => {
    if (key === savedKey.current) return;
    const timer = setTimeout(() => void save(true), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [key, save]);
  // Leaving the view keeps what was written.
  useEffect(() => () => void save(true), [save]);

  /** Whether the mail may go as it is: what a send needs, its uploads done; else says why. */
  const ready = () => {
    const problem = sendProblem(draft);
    if (problem) message.error(problem);
    else if (uploading > 0) message.warning('附件正在上传，请稍候');
    return !problem && uploading === 0;
  };

  const send = async () => {
    if (!ready() || !user) return;
    const go = async () => {
      setSending(true);
      // The draft's id must be known, and no save may follow the send.
      await queue.current;
      closed.current = true;
      try {
        await sendMail({ ...latest.current, draftId: draftId.current }, user.staffId);
        onSent();
      } catch (err) {
        closed.current = false;
        message.error(err instanceof ApiError && err.message ? err.message : '发送失败');
      } finally {
        setSending(false);
      }
    };
    if (asksAboutAttachments(draft.content, draft.files.length + (draft.largeFiles ?? []).length)) {
      modal.confirm({
        title: '提示',
        content: ATTACHMENT_HINT,
        okText: '仍要发送',
        cancelText: '取消',
        onOk: () => void go(),
      });
    } else {
      await go();
    }
  };

  /** Checks what a send checks, then asks for the time. */
  const askTime = () => {
    if (!ready()) return;
    setPicking(draft.sendTime ? dayjs(draft.sendTime) : dayjs().add(1, 'hour').startOf('hour'));
  };

  const schedule = async () => {
    if (!picking) {
      message.error('请选择发送时间');
      return;
    }
    setScheduling(true);
    await queue.current;
    closed.current = true;
    try {
      const answer = await scheduleMail(
        { ...latest.current, draftId: draftId.current },
        picking.format(TIME_FORMAT),
      );
      message.success(`已定时，将于 ${answer.sendTime.slice(0, 16)} 发送`);
      setPicking(undefined);
      onScheduled();
    } catch (err) {
      closed.current = false;
      message.error(errorText(err));
    } finally {
      setScheduling(false);
    }
  };

  const unschedule = async () => {
    const id = draftId.current;
    if (!id) return;
    try {
      await cancelSchedule(id);
      setDraft((d) => ({ ...d, sendTime: undefined }));
      message.success('已取消定时发送，邮件已存入草稿箱');
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const length = bodyLength(draft.content);
  return (
    <Form layout="vertical" className="mail-compose" component="div">
      {draft.sendError && !draft.sendTime && (
        <Alert className="mail-scheduled-note" type="warning" showIcon title={draft.sendError} />
      )}
      {draft.sendTime && (
        <Alert
          className="mail-scheduled-note"
          type="info"
          showIcon
          icon={<ClockCircleOutlined aria-hidden />}
          title={`这封邮件将于 ${draft.sendTime.slice(0, 16)} 定时发送，发出前的修改会一并发出。`}
          action={
            <Button size="small" onClick={() => void unschedule()}>
              取消定时
            </Button>
          }
        />
      )}
      <Form.Item label="收件人" required>
        <RecipientPicker
          value={draft.recipients}
          onChange={(recipients) => setDraft((d) => ({ ...d, recipients }))}
        />
      </Form.Item>
      <Form.Item label="主题" required>
        <Input
          aria-label="主题"
          placeholder="请填写主题"
          maxLength={MAIL_TITLE_MAX}
          value={draft.title}
          onChange={(event) => {
            const title = event.target.value;
            setDraft((d) => ({ ...d, title }));
          }}
        />
      </Form.Item>
      <Form.Item label="附件">
        <div className="mail-attach-row">
          <AttachmentField
            value={draft.files}
            onChange={(update) => setDraft((d) => ({ ...d, files: update(d.files) }))}
            onUploading={setUploading}
            onTooLarge={large.offer}
          />
          <DriveAttachButton
            value={draft.files}
            onChange={(update) => setDraft((d) => ({ ...d, files: update(d.files) }))}
          />
        </div>
        <LargeAttachmentList
          value={draft.largeFiles ?? []}
          inFlight={large.inFlight}
          onChange={setLarge}
          onCancel={large.cancel}
        />
        <div className="muted mail-large-hint">
          超过 {MAIL_FILE_MAX_BYTES / 1024 / 1024} MB 的文件可作为超大附件发送（存入我的网盘）
        </div>
      </Form.Item>
      <Form.Item label="正文">
        <RichTextEditor
          value={draft.content}
          onChange={(content) => setDraft((d) => ({ ...d, content }))}
          placeholder="正文"
          uploadImage={uploadPicture}
          imageError="图片插入失败"
        />
        <div
          className={`mail-counter${length > MAIL_BODY_MAX ? ' is-over' : ''}`}
          aria-live="polite"
        >
          {length}/{MAIL_BODY_MAX}
        </div>
      </Form.Item>
      <div className="mail-compose-actions">
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={slowLoading(sending)}
          onClick={() => void send()}
        >
          发送
        </Button>
        <Button icon={<ClockCircleOutlined aria-hidden />} onClick={askTime}>
          {draft.sendTime ? '修改定时' : '定时发送'}
        </Button>
        <Button icon={<SaveOutlined aria-hidden />} onClick={() => void save(false)}>
          存草稿
        </Button>
        {savedAt && (
          <span className="muted mail-saved" role="status">
            草稿已保存 {savedAt}
          </span>
        )}
      </div>
      <Modal
        title="定时发送"
        open={picking !== undefined}
        okText="定时发送"
        cancelText="取消"
        confirmLoading={scheduling}
        onOk={() => void schedule()}
        onCancel={() => setPicking(undefined)}
        destroyOnHidden
      >
        <p>邮件将存入待发送，到时自动发出；发出前可在待发送中打开修改或取消。</p>
        <DatePicker
          aria-label="发送时间"
          showTime={{ format: 'HH:mm' }}
          format={TIME_FORMAT}
          value={picking}
          onChange={(value) => setPicking(value)}
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          placeholder="选择发送时间"
          className="mail-schedule-picker"
        />
      </Modal>
    </Form>
  );
}
