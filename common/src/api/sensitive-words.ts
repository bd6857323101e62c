import { SENSITIVE_REASON_MAX } from '../limits.js';
import {
  Id,
  Maybe,
  Page,
  Paging,
  Type,
  WordOf,
  endpoint,
  endpoints,
  type Static,
} from './shared.js';

/**
 * The sensitive-word check: the list content administrators keep
 * (cms/sensitiveWord/list, add, setLevel, delete), the phrases in which a word
 * is allowed (cms/allowedPhrase/list, add, delete), and the check the editor
 * runs on a title and body before a submit or publish
 * (cms/sensitiveWord/check). The review steps run the same check on the
 * server (cms.ts `confirmSensitive`, `sensitiveReason`).
 */

/** The longest word the list takes, in characters. */
export const SENSITIVE_WORD_MAX = 50;

/** The longest allowed phrase, in characters. */
export const ALLOWED_PHRASE_MAX = 50;

/**
 * What a hit of a word does: `block` (禁止) refuses a teacher's step and wants
 * an administrator's confirmation; `warn` (提醒) lets the step through,
 * recorded, and a reviewer publishing it gives a reason.
 */
export const SensitiveLevel = WordOf(
  ['block', 'warn'] as const,
  '级别须为 block（禁止）或 warn（提醒）',
);
export type SensitiveLevel = Static<typeof SensitiveLevel>;
export const SENSITIVE_LEVEL_NAMES: Record<SensitiveLevel, string> = {
  block: '禁止',
  warn: '提醒',
};

export const SensitiveWordRow = Type.Object({
  wordId: Type.Integer(),
  /** As compared: full-width letters made plain, lower case. */
  word: Type.String(),
  level: SensitiveLevel,
  /** Who added it; '' for the installation's default list. */
  staffName: Type.String(),
  createDate: Type.String(),
});
export type SensitiveWordRow = Static<typeof SensitiveWordRow>;

/** One word found: where (title or body; of the item, or of its sub-news `part`) and how often. */
export const SensitiveHit = Type.Object({
  word: Type.String(),
  level: SensitiveLevel,
  field: WordOf(['title', 'content'] as const, ''),
  count: Type.Integer(),
  /** The sub-news' title, for a hit in a special topic's sub-news; null: the item itself. */
  part: Maybe(Type.String()),
});
export type SensitiveHit = Static<typeof SensitiveHit>;

/**
 * A review step's confirmation (submit, approve, shelve): '1' when an
 * administrator publishes despite the hits the check named. Without it a step
 * of an item with hits answers 422 naming the words; a teacher's is refused
 * either way.
 */
export const ConfirmSensitive = Type.Optional(
  WordOf(['1', '0', ''] as const, 'confirmSensitive 须为 1（确认发布）或 0'),
);

/**
 * A reviewer's reason for publishing (approve, shelve) an item with 提醒
 * words, written into the step's log row. Without it ('' or left out) such a
 * step of a content administrator answers 422 naming the words.
 */
export const SensitiveReason = Type.Optional(
  Type.String({
    maxLength: SENSITIVE_REASON_MAX,
    errorMessage: `通过理由不能超过${SENSITIVE_REASON_MAX}个字`,
  }),
);

export const AllowedPhraseRow = Type.Object({
  phraseId: Type.Integer(),
  /** As compared: full-width letters made plain, lower case. */
  phrase: Type.String(),
  staffName: Type.String(),
  createDate: Type.String(),
});
export type AllowedPhraseRow = Static<typeof AllowedPhraseRow>;

/** A level a page may leave out: '' or none is 禁止. */
const LevelGiven = Type.Optional(
  WordOf(['block', 'warn', ''] as const, '级别须为 block（禁止）或 warn（提醒）'),
);

export const sensitiveWordCalls = endpoints('cms', {
  list: endpoint(
    '/cms/sensitiveWord/list',
    'contentAdmin',
    '内容管理：敏感词列表（keyword 查找，最新的在前）',
    Type.Object({
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '查找的词不能超过50个字' }),
      ),
      ...Paging(20, 100),
    }),
    Page(SensitiveWordRow),
  ),
  add: endpoint(
    '/cms/sensitiveWord/add',
    'contentAdmin',
    '内容管理：添加敏感词（不区分大小写，已有的词不重复添加）',
    Type.Object({
      word: Type.String({ errorMessage: '请输入敏感词' }),
      level: LevelGiven,
    }),
    Type.Object({ wordId: Type.Integer(), word: Type.String(), level: SensitiveLevel }),
  ),
  setLevel: endpoint(
    '/cms/sensitiveWord/setLevel',
    'contentAdmin',
    '内容管理：设置敏感词的级别（block 禁止 / warn 提醒）',
    Type.Object({
      wordId: Id('请选择敏感词'),
      level: WordOf(['block', 'warn'] as const, '级别须为 block（禁止）或 warn（提醒）'),
    }),
    Type.Object({ wordId: Type.Integer(), word: Type.String(), level: SensitiveLevel }),
  ),
  remove: endpoint(
    '/cms/sensitiveWord/delete',
    'contentAdmin',
    '内容管理：删除敏感词',
    Type.Object({ wordId: Id('请选择要删除的敏感词') }),
    Type.Null(),
  ),
  check: endpoint(
    '/cms/sensitiveWord/check',
    'staff',
    '内容管理：检查标题和正文（HTML，按去掉标签后的文字）中的敏感词',
    Type.Object({
      title: Type.Optional(Type.String({ maxLength: 500, errorMessage: '标题不能超过500个字' })),
      content: Type.Optional(Type.String({ errorMessage: '正文格式不正确' })),
    }),
    Type.Object({ hits: Type.Array(SensitiveHit) }),
  ),
});

export const allowedPhraseCalls = endpoints('cms', {
  list: endpoint(
    '/cms/allowedPhrase/list',
    'contentAdmin',
    '内容管理：允许短语列表（短语中的敏感词不算命中；keyword 查找，最新的在前）',
    Type.Object({
      keyword: Type.Optional(
        Type.String({ maxLength: 50, errorMessage: '查找的短语不能超过50个字' }),
      ),
      ...Paging(20, 100),
    }),
    Page(AllowedPhraseRow),
  ),
  add: endpoint(
    '/cms/allowedPhrase/add',
    'contentAdmin',
    '内容管理：添加允许短语（不区分大小写，已有的不重复添加）',
    Type.Object({
      phrase: Type.String({ errorMessage: '请输入允许短语' }),
    }),
    Type.Object({ phraseId: Type.Integer(), phrase: Type.String() }),
  ),
  remove: endpoint(
    '/cms/allowedPhrase/delete',
    'contentAdmin',
    '内容管理：删除允许短语',
    Type.Object({ phraseId: Id('请选择要删除的允许短语') }),
    Type.Null(),
  ),
});
