import { SENSITIVE_LEVEL_NAMES, SENSITIVE_REASON_MAX } from '@school/common';
import type { SensitiveHit } from '@school/common/api';
import { Alert, App, Button, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError, call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { NO_CONSENT, type SensitiveConsent } from './review';
import {
  bodyText,
  describeHits,
  markPieces,
  snippets,
  wordRanges,
  type Piece,
} from './sensitive-text';

/** What the check reads of an editor: its title and its body (HTML). */
export interface ScreenTexts {
  title: string;
  content: string;
}

/** An editor's sensitive-word check: where its title and body are, and who is writing. */
export interface SensitiveCheckOptions<V> {
  texts: (values: V) => ScreenTexts;
  /**
   * A content administrator may publish despite 禁止 hits, after confirming,
   * and despite 提醒 hits with a reason; a teacher may not publish, and
   * submits with 提醒 hits only.
   */
  admin: boolean;
}

interface Checked {
  hits: SensitiveHit[];
  title: string;
  body: string;
}

/** The mark of a word: 禁止 words as errors, 提醒 words as warnings. */
const markClass = (warn: boolean) => (warn ? 'cms-sensitive-mark is-warn' : 'cms-sensitive-mark');

function Marked({ pieces, warned }: { pieces: Piece[]; warned: ReadonlySet<string> }) {
  return (
    <>
      {pieces.map((piece, i) =>
        piece.marked ? (
          <mark
            key={i}
            className={markClass(warned.has(piece.text.normalize('NFKC').toLowerCase()))}
          >
            {piece.text}
          </mark>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </>
  );
}

const where = (hit: SensitiveHit) =>
  `${hit.part ? `子新闻《${hit.part}》` : ''}${hit.field === 'title' ? '标题' : '正文'} ${hit.count} 处`;

/** The words of `hits` of one level, each once. */
const wordsAt = (hits: readonly SensitiveHit[], level: SensitiveHit['level']) => [
  ...new Set(hits.filter((hit) => hit.level === level).map((hit) => hit.word)),
];

/**
 * The hits of the last check, above the editor's fields: each word with its
 * level and where it occurs, the title with the words marked, and the parts
 * of the body around them (marked). 禁止 words show as an error, 提醒 words
 * as a warning only. 重新检查 reads the form again.
 */
export function SensitiveHits({ checked, onRecheck }: { checked: Checked; onRecheck: () => void }) {
  const words = [...new Set(checked.hits.map((hit) => hit.word))];
  const blocked = wordsAt(checked.hits, 'block');
  const warned = new Set(wordsAt(checked.hits, 'warn'));
  const levelOf = (word: string) => checked.hits.find((hit) => hit.word === word)?.level ?? 'block';
  const inTitle = checked.hits.some((hit) => hit.field === 'title' && !hit.part);
  const inBody = checked.hits.some((hit) => hit.field === 'content' && !hit.part);
  const bodyRanges = inBody ? wordRanges(checked.body, words) : [];
  return (
    <Alert
      type={blocked.length > 0 ? 'error' : 'warning'}
      showIcon
      className="cms-editor-alert cms-sensitive"
      title={
        blocked.length > 0
          ? `内容含敏感词 ${blocked.length} 个，请修改后再提交或发布`
          : `内容含提醒词 ${warned.size} 个，可以提交，发布时审核人须填写理由`
      }
      description={
        <div aria-label="敏感词检查结果">
          <ul className="cms-sensitive-list">
            {words.map((word) => (
              <li key={word}>
                <mark className={markClass(warned.has(word))}>{word}</mark>（
                {SENSITIVE_LEVEL_NAMES[levelOf(word)]}）：
                {checked.hits
                  .filter((hit) => hit.word === word)
                  .map(where)
                  .join('，')}
              </li>
            ))}
          </ul>
          {inTitle && (
            <p className="cms-sensitive-preview" data-field="title">
              <strong>标题：</strong>
              <Marked
                pieces={markPieces(checked.title, wordRanges(checked.title, words))}
                warned={warned}
              />
            </p>
          )}
          {bodyRanges.length > 0 && (
            <div className="cms-sensitive-preview" data-field="content">
              <strong>正文：</strong>
              {snippets(checked.body, bodyRanges).map((pieces, i) => (
                <p key={i}>
                  <Marked pieces={pieces} warned={warned} />
                </p>
              ))}
            </div>
          )}
        </div>
      }
      action={
        <Button size="small" onClick={onRecheck}>
          重新检查
        </Button>
      }
    />
  );
}

/**
 * Asks a reviewer why they publish despite 提醒 words: the reason, or null
 * when they decline (or leave it empty: told so).
 */
function useReasonPrompt() {
  const { message, modal } = App.useApp();
  return async (title: string, okText: string): Promise<string | null> => {
    let reason = '';
    const given = await modal.confirm({
      title,
      content: (
        <Input.TextArea
          aria-label="通过理由"
          placeholder="例如：反诈宣传稿，词语用于提醒"
          maxLength={SENSITIVE_REASON_MAX}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(event) => {
            reason = event.target.value;
          }}
        />
      ),
      okText,
      cancelText: '返回修改',
    });
    if (!given) return null;
    if (!reason.trim()) {
      message.warning('请填写通过理由');
      return null;
    }
    return reason.trim();
  };
}

/**
 * The sensitive-word check of an editor frame (ContentEditor `sensitive`):
 * `before` runs ahead of a step that submits or publishes and answers whether
 * to go on and with what consent; `panel` shows the hits; `button` checks on
 * demand. The server checks the step again either way.
 */
export function useSensitiveCheck<V>(
  options: SensitiveCheckOptions<V> | undefined,
  current: () => V,
): {
  before: () => Promise<{ go: boolean; consent: SensitiveConsent }>;
  panel: ReactNode;
  button: ReactNode;
} {
  const { message, modal } = App.useApp();
  const askReason = useReasonPrompt();
  const [checked, setChecked] = useState<Checked | null>(null);

  const check = async (): Promise<SensitiveHit[] | null> => {
    if (!options) return [];
    const { title, content } = options.texts(current());
    try {
      const { hits } = await call('cms/sensitiveWord/check', { title, content });
      setChecked(hits.length > 0 ? { hits, title, body: bodyText(content) } : null);
      return hits;
    } catch (err) {
      message.error(errorText(err));
      return null;
    }
  };

  const before = async () => {
    const stop = { go: false, consent: NO_CONSENT };
    const hits = await check();
    // The check did not answer: the step goes on, and the server checks it.
    if (!hits || hits.length === 0) return { go: true, consent: NO_CONSENT };
    const blocked = hits.filter((hit) => hit.level === 'block');
    const warned = hits.filter((hit) => hit.level === 'warn');
    if (!options?.admin) {
      if (blocked.length > 0) {
        message.error(`内容含敏感词：${describeHits(blocked)}，请修改后再提交`);
        return stop;
      }
      message.warning(`内容含提醒词：${describeHits(warned)}，审核时由管理员确认`);
      return { go: true, consent: NO_CONSENT };
    }
    const confirmed =
      blocked.length === 0 ||
      (await modal.confirm({
        title: `内容含敏感词：${describeHits(blocked)}，确定发布？`,
        content: '确认后将发布，并在操作日志中记录这些敏感词。',
        okText: '确定发布',
        cancelText: '返回修改',
      }));
    if (!confirmed) return stop;
    if (warned.length === 0)
      return { go: true, consent: { confirmed: blocked.length > 0, reason: '' } };
    const reason = await askReason(
      `内容含提醒词：${describeHits(warned)}，请填写通过理由`,
      '确定发布',
    );
    if (reason === null) return stop;
    return { go: true, consent: { confirmed: blocked.length > 0, reason } };
  };

  const recheck = async () => {
    const hits = await check();
    if (hits && hits.length === 0) message.success('未发现敏感词');
  };

  return {
    before,
    panel: checked && <SensitiveHits checked={checked} onRecheck={() => void recheck()} />,
    button: options && <Button onClick={() => void recheck()}>检查敏感词</Button>,
  };
}

const NEEDS_CONFIRMATION = /，请确认后再发布$/;
const NEEDS_REASON = /，请填写(通过|上架)理由$/;

/**
 * A list row's step that submits or publishes (ReviewActions): when the
 * server refuses it for sensitive words (422), an administrator is asked
 * "…，确定发布？" for 禁止 words, or for a reason for 提醒 words, and the step
 * is sent again with the answer; a teacher, or an administrator who
 * declines, gets the refusal.
 */
export function useConfirmedStep(admin: boolean) {
  const { modal } = App.useApp();
  const askReason = useReasonPrompt();
  return async (step: (consent: SensitiveConsent) => Promise<unknown>) => {
    let consent = NO_CONSENT;
    // At most two questions: the confirmation, then the reason.
    for (let asked = 0; ; asked++) {
      try {
        return await step(consent);
      } catch (err) {
        if (!admin || asked >= 2 || !(err instanceof ApiError) || err.status !== 422) throw err;
        if (NEEDS_CONFIRMATION.test(err.message)) {
          const confirmed = await modal.confirm({
            title: `${err.message.replace(NEEDS_CONFIRMATION, '')}，确定发布？`,
            content: '确认后将发布，并在操作日志中记录这些敏感词。',
            okText: '确定发布',
            cancelText: '取消',
          });
          if (!confirmed) throw err;
          consent = { ...consent, confirmed: true };
        } else if (NEEDS_REASON.test(err.message)) {
          const reason = await askReason(err.message, '确定发布');
          if (reason === null) throw err;
          consent = { ...consent, reason };
        } else {
          throw err;
        }
      }
    }
  };
}
