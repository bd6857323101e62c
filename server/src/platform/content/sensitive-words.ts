import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { isContentAdmin } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { writeOperLog } from '../oplog/service.js';
import { htmlToText } from '../search/terms.js';
import { normaliseWords, WordMatcher } from './word-matcher.js';

/**
 * The sensitive-word check (issue 18): titles and bodies are screened against
 * the list the content administrators keep before an item is submitted for
 * review or published. A teacher's step with hits is refused; an
 * administrator's needs their confirmation and is logged with the words.
 *
 * The list is compiled into one matcher, kept until the list changes. Every
 * check first reads the list's row count and largest id (ids are never
 * reused, rows never updated), so a word added or deleted through another
 * server process counts from the next check on too.
 */

export const WORD_MAX = 50;
export const WORD_LOG_TABLE = 'T_SENSITIVE_WORD';

/** Where a hit was found: the item's title or body, or those of one of its parts (a sub-news). */
export type ScreenedField = 'title' | 'content';

/** A text a check reads: `text` is plain for titles, HTML for bodies (read without tags). */
export interface ScreenedText {
  field: ScreenedField;
  text: string;
  /** The part of the item it belongs to (a sub-news' title); none: the item itself. */
  part?: string;
}

export interface SensitiveHit {
  word: string;
  field: ScreenedField;
  count: number;
  part: string | null;
}

const FIELD_NAMES: Record<ScreenedField, string> = { title: '标题', content: '正文' };

/** `赌博（标题、正文）、色情（子新闻《运动会》正文）`: the hits as a message names them. */
export function describeHits(hits: readonly SensitiveHit[]): string {
  const places = new Map<string, string[]>();
  for (const hit of hits) {
    const place = hit.part
      ? `子新闻《${hit.part}》${FIELD_NAMES[hit.field]}`
      : FIELD_NAMES[hit.field];
    places.set(hit.word, [...(places.get(hit.word) ?? []), place]);
  }
  return [...places].map(([word, where]) => `${word}（${where.join('、')}）`).join('、');
}

/** A step refused because of hits: 422 naming the words. */
export class SensitiveRefusal extends AppError {
  constructor(
    readonly hits: SensitiveHit[],
    message: string,
  ) {
    super(422, message);
  }
}

export class SensitiveWords {
  private compiled: { stamp: string; matcher: WordMatcher } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** The list, newest first; `keyword` finds words containing it. */
  list(keyword: string | undefined, paging: Paging) {
    const text = keyword ? normaliseWords(keyword.trim()) : '';
    const base = this.db
      .selectFrom('sensitiveWord')
      .$if(Boolean(text), (qb) => qb.where(containsText('word', text)));
    return pageOf(
      base,
      paging,
      (query) => query.select(['id', 'word', 'staffName', 'createdAt']).orderBy('id', 'desc'),
      (row) => ({
        wordId: row.id,
        word: row.word,
        staffName: row.staffName ?? '',
        createDate: displayTime(row.createdAt),
      }),
    );
  }

  /** Adds a word (stored normalised); a word already listed is refused. */
  async add(word: string, staff: AuthStaff, ip: string | null) {
    const normal = normaliseWords(word.trim());
    if (!normal) throw badRequest('请输入敏感词');
    if ([...normal].length > WORD_MAX) throw badRequest(`敏感词不能超过${WORD_MAX}个字`);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('sensitiveWord')
        .values({ word: normal, staffName: staff.name, createdAt: iso(now) })
        .onConflict((oc) => oc.column('word').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!added) throw badRequest(`敏感词“${normal}”已存在`);
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: WORD_LOG_TABLE,
        objId: added.id,
        operType: '新增',
        note: normal,
        ip,
        at: now,
      });
      return { wordId: added.id, word: normal };
    });
  }

  async remove(wordId: number, staff: AuthStaff, ip: string | null) {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('sensitiveWord')
        .where('id', '=', wordId)
        .returning('word')
        .executeTakeFirst();
      if (!gone) throw notFound('该敏感词不存在或已删除');
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: WORD_LOG_TABLE,
        objId: wordId,
        operType: '删除',
        note: gone.word,
        ip,
        at: now,
      });
    });
  }

  /** The words found in `texts`, in the order of the texts, then of the list. */
  async check(texts: readonly ScreenedText[]): Promise<SensitiveHit[]> {
    const matcher = await this.matcher();
    if (matcher.words.length === 0) return [];
    return texts.flatMap(({ field, text, part }) => {
      const plain = field === 'content' ? htmlToText(text) : text;
      return [...matcher.count(plain)].map(([word, count]) => ({
        word,
        field,
        count,
        part: part ?? null,
      }));
    });
  }

  /**
   * The check before a step that submits or publishes: no hits, nothing; a
   * teacher's step with hits is refused; an administrator's is refused
   * unless `confirmed`, and then answers the words for the step's log row.
   */
  async screen(
    texts: readonly ScreenedText[],
    staff: AuthStaff,
    confirmed: boolean,
  ): Promise<string | null> {
    const hits = await this.check(texts);
    if (hits.length === 0) return null;
    const named = describeHits(hits);
    if (!isContentAdmin(staff)) {
      throw new SensitiveRefusal(hits, `内容含敏感词：${named}，请修改后再提交`);
    }
    if (!confirmed) {
      throw new SensitiveRefusal(hits, `内容含敏感词：${named}，请确认后再发布`);
    }
    const words = [...new Set(hits.map((hit) => hit.word))].join('、');
    return `确认含敏感词：${words}`.slice(0, 500);
  }

  /** The compiled list, compiled again when a word was added or deleted (here or elsewhere). */
  private async matcher(): Promise<WordMatcher> {
    const row = await this.db
      .selectFrom('sensitiveWord')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
      .executeTakeFirstOrThrow();
    const stamp = `${Number(row.n)}:${Number(row.last ?? 0)}`;
    if (this.compiled?.stamp !== stamp) {
      const words = await this.db.selectFrom('sensitiveWord').select('word').execute();
      this.compiled = { stamp, matcher: new WordMatcher(words.map((w) => w.word)) };
    }
    return this.compiled.matcher;
  }
}
