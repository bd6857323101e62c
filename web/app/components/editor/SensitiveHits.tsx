import type { SensitiveHit } from '@school/common/api';
import { Alert, App, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError, call } from '../../api/client';
import { errorText } from '../../api/page-data';
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
  /** A content administrator may publish despite hits, after confirming; a teacher may not. */
  admin: boolean;
}

interface Checked {
  hits: SensitiveHit[];
  title: string;
  body: string;
}

function Marked({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((piece, i) =>
        piece.marked ? (
          <mark key={i} className="cms-sensitive-mark">
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

/**
 * The hits of the last check, above the editor's fields: each word with
 * where it occurs, the title with the words marked, and the parts of the body
 * around them (marked). 重新检查 reads the form again.
 */
export function SensitiveHits({ checked, onRecheck }: { checked: Checked; onRecheck: () => void }) {
  const words = [...new Set(checked.hits.map((hit) => hit.word))];
  const inTitle = checked.hits.some((hit) => hit.field === 'title' && !hit.part);
  const inBody = checked.hits.some((hit) => hit.field === 'content' && !hit.part);
  const bodyRanges = inBody ? wordRanges(checked.body, words) : [];
  return (
    <Alert
      type="warning"
      showIcon
      className="cms-editor-alert cms-sensitive"
      title={`内容含敏感词 ${words.length} 个，请修改后再提交或发布`}
      description={
        <div aria-label="敏感词检查结果">
          <ul className="cms-sensitive-list">
            {words.map((word) => (
              <li key={word}>
                <mark className="cms-sensitive-mark">{word}</mark>：
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
              <Marked pieces={markPieces(checked.title, wordRanges(checked.title, words))} />
            </p>
          )}
          {bodyRanges.length > 0 && (
            <div className="cms-sensitive-preview" data-field="content">
              <strong>正文：</strong>
              {snippets(checked.body, bodyRanges).map((pieces, i) => (
                <p key={i}>
                  <Marked pieces={pieces} />
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
 * The sensitive-word check of an editor frame (ContentEditor `sensitive`):
 * `before` runs ahead of a step that submits or publishes and answers whether
 * to go on and with what confirmation; `panel` shows the hits; `button`
 * checks on demand. The server checks the step again either way.
 */
export function useSensitiveCheck<V>(
  options: SensitiveCheckOptions<V> | undefined,
  current: () => V,
): {
  before: () => Promise<{ go: boolean; confirmed: boolean }>;
  panel: ReactNode;
  button: ReactNode;
} {
  const { message, modal } = App.useApp();
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
    const hits = await check();
    // The check did not answer: the step goes on, and the server checks it.
    if (!hits || hits.length === 0) return { go: true, confirmed: false };
    const named = describeHits(hits);
    if (!options?.admin) {
      message.error(`内容含敏感词：${named}，请修改后再提交`);
      return { go: false, confirmed: false };
    }
    const confirmed = await modal.confirm({
      title: `内容含敏感词：${named}，确定发布？`,
      content: '确认后将发布，并在操作日志中记录这些敏感词。',
      okText: '确定发布',
      cancelText: '返回修改',
    });
    return { go: confirmed, confirmed };
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

/**
 * A list row's step that submits or publishes (ReviewActions): when the
 * server refuses it for sensitive words (422), an administrator is asked
 * "…，确定发布？" and the step is sent again with the confirmation; a teacher,
 * or an administrator who declines, gets the refusal.
 */
export function useConfirmedStep(admin: boolean) {
  const { modal } = App.useApp();
  return async (step: (confirmed: boolean) => Promise<unknown>) => {
    try {
      return await step(false);
    } catch (err) {
      if (!admin || !(err instanceof ApiError) || err.status !== 422) throw err;
      const confirmed = await modal.confirm({
        title: `${err.message.replace(/，请确认后再发布$/, '')}，确定发布？`,
        content: '确认后将发布，并在操作日志中记录这些敏感词。',
        okText: '确定发布',
        cancelText: '取消',
      });
      if (!confirmed) throw err;
      return step(true);
    }
  };
}
