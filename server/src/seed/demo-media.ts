import { MAGAZINE_SERIES as SERIES_ROWS } from '../modules/magazine/service.js';
import { DEFAULT_VIDEO_TYPES } from '../modules/video/service.js';
import type { DemoContext } from './demo-context.js';
import { makeMagazinePdf } from './demo-pdf.js';
import {
  MAGAZINE_SERIES,
  issueDate,
  magazineIssueLatin,
  magazineTitle,
  newsHtml,
  newsTitle,
  sourceName,
  videoFileName,
} from './demo-text.js';

/** Videos: one stored sample, many catalogue entries. */
export async function seedVideos(ctx: DemoContext): Promise<void> {
  const { services, random, actor, daysAgo } = ctx;
  const { pools, sampleVideo } = ctx.files;
  for (let i = 0; i < 24; i++) {
    const category = DEFAULT_VIDEO_TYPES[i % DEFAULT_VIDEO_TYPES.length]!;
    const title = newsTitle(random, 'video');
    const count = i === 0 ? 30 : random.int(1, 4);
    await services.video.create(
      {
        typeId: category.id,
        title,
        content: newsHtml(random, 'video', title),
        coverFileId: random.pick(pools.cover),
        source: i % 5 === 4 ? null : sourceName(random),
        enableType: i === 6 ? 2 : 1,
        ifShelves: i === 7 ? 0 : 1,
        ifTop: i === 0 ? 1 : 0,
        createdAt: daysAgo(i * 8),
        files: Array.from({ length: count }, (_, f) => ({
          fileId: sampleVideo,
          fileName: videoFileName(random, f + 1),
        })),
      },
      actor(),
    );
  }
}

/** Magazines of every series, with real PDFs; one issue is disabled. */
export async function seedMagazines(ctx: DemoContext): Promise<void> {
  const { services, random } = ctx;
  const { pools } = ctx.files;
  const issueDay = (issue: number) => {
    const { year, number } = issueDate(issue);
    return new Date(Date.UTC(year, (number - 1) * 3, 1, 2));
  };
  for (const series of SERIES_ROWS) {
    const index = series.id as 1 | 2 | 3;
    const latin = MAGAZINE_SERIES[index - 1]!;
    // Eight real PDFs per series, shared by its 32 issues to keep the first start quick.
    const pdfs: number[] = [];
    for (let p = 0; p < 8; p++) {
      const issue = 32 - p;
      const data = await makeMagazinePdf({
        seriesName: latin.name,
        seriesLatin: latin.latin,
        issue: magazineIssueLatin(issue),
        pages: 0,
        seed: index * 100 + p,
      });
      pdfs.push(
        (
          await services.files.save(
            { fileName: `${latin.name}-${issue}.pdf`, mimeType: 'application/pdf' },
            data,
          )
        ).id,
      );
    }
    for (let issue = 1; issue <= 32; issue++) {
      await services.magazine.create(
        {
          seriesId: series.id,
          title: magazineTitle(index, issue),
          coverFileId: random.pick(pools.poster),
          pdfFileId: pdfs[(32 - issue) % pdfs.length]!,
          enabled: issue === 5 ? 0 : 1,
          // Published on the first day of its quarter.
          createdAt: issueDay(issue),
        },
        null,
      );
    }
  }
}
