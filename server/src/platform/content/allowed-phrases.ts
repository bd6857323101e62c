import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { badRequest, orNotFound } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { writeOperLog } from '../oplog/service.js';
import { normaliseWords } from './word-matcher.js';

export const PHRASE_MAX = 50;
export const PHRASE_LOG_TABLE = 'T_ALLOWED_PHRASE';

/**
 * The phrases in which a listed sensitive word is not a hit (反赌博宣传,
 * 防范电信诈骗), kept by the content administrators beside the word list:
 * list, add, delete, each change in the operation log. Stored normalised like
 * the words; ids are never reused and rows never changed, so the row count
 * and the largest id tell a process whether the list changed.
 */
export class AllowedPhrases {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** The list, newest first; `keyword` finds phrases containing it. */
  list(keyword: string | undefined, paging: Paging) {
    const text = keyword ? normaliseWords(keyword.trim()) : '';
    const base = this.db
      .selectFrom('allowedPhrase')
      .$if(Boolean(text), (qb) => qb.where(containsText('phrase', text)));
    return pageOf(
      base,
      paging,
      (query) => query.select(['id', 'phrase', 'staffName', 'createdAt']).orderBy('id', 'desc'),
      (row) => ({
        phraseId: row.id,
        phrase: row.phrase,
        staffName: row.staffName ?? '',
        createDate: displayTime(row.createdAt),
      }),
    );
  }

  async add(phrase: string, staff: AuthStaff, ip: string | null) {
    const normal = normaliseWords(phrase.trim());
    if (!normal) throw badRequest('请输入允许短语');
    if ([...normal].length > PHRASE_MAX) throw badRequest(`允许短语不能超过${PHRASE_MAX}个字`);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('allowedPhrase')
        .values({ phrase: normal, staffName: staff.name, createdAt: iso(now) })
        .onConflict((oc) => oc.column('phrase').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!added) throw badRequest(`允许短语“${normal}”已存在`);
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: PHRASE_LOG_TABLE,
        objId: added.id,
        operType: '新增',
        note: normal,
        ip,
        at: now,
      });
      return { phraseId: added.id, phrase: normal };
    });
  }

  async remove(phraseId: number, staff: AuthStaff, ip: string | null) {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const gone = await orNotFound(
        trx.deleteFrom('allowedPhrase').where('id', '=', phraseId).returning('phrase'),
        '该允许短语不存在或已删除',
      );
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: PHRASE_LOG_TABLE,
        objId: phraseId,
        operType: '删除',
        note: gone.phrase,
        ip,
        at: now,
      });
    });
  }

  /** What changes when the list changes: its row count and largest id. */
  async stamp(): Promise<string> {
    const row = await this.db
      .selectFrom('allowedPhrase')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
      .executeTakeFirstOrThrow();
    return `${Number(row.n)}:${Number(row.last ?? 0)}`;
  }

  async all(): Promise<string[]> {
    const rows = await this.db.selectFrom('allowedPhrase').select('phrase').execute();
    return rows.map((row) => row.phrase);
  }
}
