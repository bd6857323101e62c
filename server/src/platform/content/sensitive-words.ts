import { SENSITIVE_LEVEL_NAMES } from '@school/common';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { Database, SensitiveLevel } from '../../db/schema.js';
import { AppError, badRequest, notFound, orNotFound } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { isContentAdmin } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { writeOperLog } from '../oplog/service.js';
import { htmlToText } from '../search/terms.js';
import { AllowedPhrases } from './allowed-phrases.js';
import { insideAllowed, markBlockEnds, warnedAgainst } from './word-context.js';
import { normaliseWords, WordMatcher } from './word-matcher.js';

/**
 * The sensitive-word check: titles and bodies are screened against the list
 * the content administrators keep before an item is submitted for review or
 * published. A word is read in its context (word-context.ts): after a warning
 * in the same clause (远离赌博) or inside an allowed phrase (反赌博宣传) it is
 * not a hit. A word's level says what a hit does: `block` (禁止) refuses a
 * teacher's step and wants an administrator's confirmation, logged with the
 * words; `warn` (提醒) lets the step through, recorded in its log row, and a
 * reviewer who publishes the item gives a reason, logged too.
 *
 * The lists are compiled into matchers, kept until a list changes. Every
 * check first reads each list's row count and largest id (ids are never
 * reused) and the words' revisions (raised by each level change), so a change
 * made through another server process counts from the next check on too.
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
  level: SensitiveLevel;
  field: ScreenedField;
  count: number;
  part: string | null;
}

/**
 * What the person taking a step says about its hits: `confirmed`, an
 * administrator publishes despite 禁止 words; `reason`, why a reviewer
 * publishes despite 提醒 words ('' : none given).
 */
export interface SensitiveConsent {
  confirmed: boolean;
  reason: string;
}

export const NO_CONSENT: SensitiveConsent = { confirmed: false, reason: '' };

interface Compiled {
  stamp: string;
  words: WordMatcher;
  levels: Map<string, SensitiveLevel>;
  allowed: WordMatcher;
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
  private compiled: Compiled | null = null;
  /** The phrases in which a word is allowed. */
  readonly phrases: AllowedPhrases;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {
    this.phrases = new AllowedPhrases(db, now);
  }

  /** The list, newest first; `keyword` finds words containing it. */
  list(keyword: string | undefined, paging: Paging) {
    const text = keyword ? normaliseWords(keyword.trim()) : '';
    const base = this.db
      .selectFrom('sensitiveWord')
      .$if(Boolean(text), (qb) => qb.where(containsText('word', text)));
    return pageOf(
      base,
      paging,
      (query) =>
        query.select(['id', 'word', 'level', 'staffName', 'createdAt']).orderBy('id', 'desc'),
      (row) => ({
        wordId: row.id,
        word: row.word,
        level: row.level,
        staffName: row.staffName ?? '',
        createDate: displayTime(row.createdAt),
      }),
    );
  }

  /** Adds a word (stored normalised); a word already listed is refused. */
  async add(word: string, level: SensitiveLevel, staff: AuthStaff, ip: string | null) {
    const normal = normaliseWords(word.trim());
    if (!normal) throw badRequest('请输入敏感词');
    if ([...normal].length > WORD_MAX) throw badRequest(`敏感词不能超过${WORD_MAX}个字`);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('sensitiveWord')
        .values({ word: normal, level, staffName: staff.name, createdAt: iso(now) })
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
        note: level === 'block' ? normal : `${normal}：${SENSITIVE_LEVEL_NAMES[level]}`,
        ip,
        at: now,
      });
      return { wordId: added.id, word: normal, level };
    });
  }

  /** Sets a word's level; setting the level it has changes nothing. */
  async setLevel(wordId: number, level: SensitiveLevel, staff: AuthStaff, ip: string | null) {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await orNotFound(
        trx.selectFrom('sensitiveWord').select(['word', 'level']).where('id', '=', wordId),
        '该敏感词不存在或已删除',
      );
      if (row.level !== level) {
        const changed = await trx
          .updateTable('sensitiveWord')
          .set((eb) => ({ level, revision: eb('revision', '+', 1) }))
          .where('id', '=', wordId)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) throw notFound('该敏感词不存在或已删除');
        await writeOperLog(trx, {
          staffId: staff.id,
          staffName: staff.name,
          infoTable: WORD_LOG_TABLE,
          objId: wordId,
          operType: '修改级别',
          note: `${row.word}：${SENSITIVE_LEVEL_NAMES[level]}`,
          ip,
          at: now,
        });
      }
      return { wordId, word: row.word, level };
    });
  }

  async remove(wordId: number, staff: AuthStaff, ip: string | null) {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const gone = await orNotFound(
        trx.deleteFrom('sensitiveWord').where('id', '=', wordId).returning('word'),
        '该敏感词不存在或已删除',
      );
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

  /**
   * The words found in `texts` and not excused by their context, in the order
   * of the texts, then of their first hit.
   */
  async check(texts: readonly ScreenedText[]): Promise<SensitiveHit[]> {
    const { words, levels, allowed } = await this.lists();
    if (words.words.length === 0) return [];
    return texts.flatMap(({ field, text, part }) => {
      const plain = normaliseWords(field === 'content' ? htmlToText(markBlockEnds(text)) : text);
      const chars = [...plain];
      const phrases = allowed.words.length > 0 ? allowed.find(plain) : [];
      const counts = new Map<string, number>();
      for (const hit of words.find(plain)) {
        if (insideAllowed(hit, phrases) || warnedAgainst(chars, hit.start)) continue;
        counts.set(hit.word, (counts.get(hit.word) ?? 0) + 1);
      }
      return [...counts].map(([word, count]) => ({
        word,
        level: levels.get(word) ?? 'block',
        field,
        count,
        part: part ?? null,
      }));
    });
  }

  /**
   * The check before a step that submits or publishes. 禁止 hits: a
   * teacher's step is refused; an administrator's is refused unless
   * `consent.confirmed`. 提醒 hits: the step goes on, recorded, except that a
   * reviewer who publishes (`publishes`: 通过, 上架) must give a reason.
   * Answers the note for the step's log row: the words, and the reason.
   */
  async screen(
    texts: readonly ScreenedText[],
    staff: AuthStaff,
    consent: SensitiveConsent,
    publishes?: '通过' | '上架',
  ): Promise<string | null> {
    const hits = await this.check(texts);
    if (hits.length === 0) return null;
    const blocked = hits.filter((hit) => hit.level === 'block');
    const warned = hits.filter((hit) => hit.level === 'warn');
    const admin = isContentAdmin(staff);
    if (blocked.length > 0 && !admin) {
      const named = describeHits(blocked);
      throw new SensitiveRefusal(blocked, `内容含敏感词：${named}，请修改后再提交`);
    }
    if (blocked.length > 0 && !consent.confirmed) {
      const named = describeHits(blocked);
      throw new SensitiveRefusal(blocked, `内容含敏感词：${named}，请确认后再发布`);
    }
    const reason = consent.reason.trim();
    if (warned.length > 0 && admin && publishes && !reason) {
      const named = describeHits(warned);
      throw new SensitiveRefusal(warned, `内容含提醒词：${named}，请填写${publishes}理由`);
    }
    const wordsOf = (some: SensitiveHit[]) => [...new Set(some.map((hit) => hit.word))].join('、');
    const notes = [
      ...(blocked.length > 0 ? [`确认含敏感词：${wordsOf(blocked)}`] : []),
      ...(warned.length > 0 ? [`含提醒词：${wordsOf(warned)}`] : []),
      ...(warned.length > 0 && reason ? [`理由：${reason}`] : []),
    ];
    return notes.join('；').slice(0, 500);
  }

  /** The compiled lists, compiled again when one changed (here or elsewhere). */
  private async lists(): Promise<Compiled> {
    const row = await this.db
      .selectFrom('sensitiveWord')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.max('id').as('last'),
        eb.fn.sum<number>('revision').as('revisions'),
      ])
      .executeTakeFirstOrThrow();
    const words = `${Number(row.n)}:${Number(row.last ?? 0)}:${Number(row.revisions ?? 0)}`;
    const stamp = `${words}/${await this.phrases.stamp()}`;
    if (this.compiled?.stamp !== stamp) {
      const rows = await this.db.selectFrom('sensitiveWord').select(['word', 'level']).execute();
      this.compiled = {
        stamp,
        words: new WordMatcher(rows.map((w) => w.word)),
        levels: new Map(rows.map((w) => [w.word, w.level])),
        allowed: new WordMatcher(await this.phrases.all()),
      };
    }
    return this.compiled;
  }
}
