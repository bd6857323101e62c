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
 * The sensitive-word check (issue 18): the list content administrators keep
 * (cms/sensitiveWord/list, add, delete) and the check the editor runs on a
 * title and body before a submit or publish (cms/sensitiveWord/check). The
 * review steps run the same check on the server (cms.ts `confirmSensitive`).
 */

/** The longest word the list takes, in characters. */
export const SENSITIVE_WORD_MAX = 50;

export const SensitiveWordRow = Type.Object({
  wordId: Type.Integer(),
  /** As compared: full-width letters made plain, lower case. */
  word: Type.String(),
  /** Who added it; '' for the installation's default list. */
  staffName: Type.String(),
  createDate: Type.String(),
});
export type SensitiveWordRow = Static<typeof SensitiveWordRow>;

/** One word found: where (title or body; of the item, or of its sub-news `part`) and how often. */
export const SensitiveHit = Type.Object({
  word: Type.String(),
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
    }),
    Type.Object({ wordId: Type.Integer(), word: Type.String() }),
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
