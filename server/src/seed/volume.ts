import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { newsDescription, newsHtml, newsTitle, sourceName, type DemoTopic } from './demo-text.js';
import { seededRandom } from './random.js';

const COLUMNS: Array<[number, DemoTopic]> = [
  [2, 'campus'],
  [3, 'education'],
  [6, 'alumni'],
  [7, 'teacher'],
  [8, 'student'],
  [15, 'demonstration'],
  [16, 'affairs'],
  [17, 'notice'],
  [21, 'course'],
];

/**
 * A school's worth of years: `count` more news items spread over the columns
 * and the last ten years, made through the same service as real content. For
 * benchmarks (`npm run bench`), not for the demo.
 */
export async function addVolume(
  db: Kysely<Database>,
  services: Services,
  count: number,
  now = new Date(),
): Promise<void> {
  const random = seededRandom(7);
  const authors = await db.selectFrom('staff').select(['id', 'name']).limit(20).execute();
  const covers = await db
    .selectFrom('news')
    .select('coverFileId')
    .where('coverFileId', 'is not', null)
    .limit(20)
    .execute();
  for (let i = 0; i < count; i++) {
    const [typeId, topic] = COLUMNS[i % COLUMNS.length]!;
    const title = newsTitle(random, topic);
    await services.news.create(
      {
        typeId,
        title,
        description: newsDescription(random, topic),
        content: newsHtml(random, topic, title),
        source: sourceName(random),
        coverFileId: covers.length ? random.pick(covers).coverFileId : null,
        schChange: typeId === 2 || typeId === 21 ? random.pick([null, 1, 2]) : null,
        enableType: i % 10 === 9 ? 2 : 1,
        shelvesDate: new Date(now.getTime() - random.int(0, 3650) * 86_400_000),
      },
      { staff: random.pick(authors), ip: '10.10.0.9' },
    );
  }
}
