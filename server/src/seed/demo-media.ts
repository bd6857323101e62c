import { MAGAZINE_SERIES as SERIES_ROWS } from '../modules/magazine/service.js';
import { DEFAULT_VIDEO_TYPES } from '../modules/video/service.js';
import { DEMO_IP, demoVideo, type DemoContext } from './demo-context.js';
import { makeMagazinePdf } from './demo-pdf.js';
import { makeMagazineCover } from './demo-images.js';
import {
  MAGAZINE_ISSUES,
  MAGAZINE_SERIES,
  issueDate,
  magazineIssueLabel,
  magazineTitle,
  sourceName,
} from './demo-text.js';
import { distinctEvent, eventVideo, type EventKindId } from './demo-events.js';

/** The kinds of event each video category (视频分类) shows, by its id. */
const VIDEO_KINDS: Record<number, readonly EventKindId[]> = {
  1: ['opening', 'study'],
  2: ['openLesson'],
  3: ['volunteer'],
  4: ['sportsMeet', 'football'],
  5: ['artFest'],
  6: ['scienceFest'],
  7: ['lecture'],
  8: ['classMeeting'],
  9: ['clubShow', 'club'],
  10: ['graduation'],
};

/** Videos: each one event's slideshow, its title and description written from that event. */
export async function seedVideos(ctx: DemoContext): Promise<void> {
  const { random, actor, daysAgo } = ctx;
  const titles = new Set<string>();
  const bodies = new Set<string>();
  for (let i = 0; i < 24; i++) {
    const category = DEFAULT_VIDEO_TYPES[i % DEFAULT_VIDEO_TYPES.length]!;
    const kinds = VIDEO_KINDS[category.id] ?? ['opening'];
    const event = distinctEvent(random, kinds, daysAgo(i * 8), titles, bodies);
    const count = i === 0 ? 30 : random.int(1, 4);
    const clip = await eventVideo(ctx.files, event);
    await demoVideo(
      ctx,
      {
        typeId: category.id,
        title: event.title,
        content: event.html,
        coverFileId: await ctx.files.picture('cover', event.scene, i % 2),
        source: i % 5 === 4 ? null : sourceName(random),
        enableType: i === 6 ? 2 : 1,
        files: Array.from({ length: count }, (_, f) => ({
          fileId: clip,
          fileName: `${event.word}${event.date.getUTCFullYear()}年${count > 1 ? `（${f + 1}）` : ''}.mp4`,
        })),
      },
      actor(),
      { ifShelves: i === 7 ? 0 : 1, ifTop: i === 0 ? 1 : 0 },
      event.date,
    );
  }
}

/**
 * Magazines of every series, with Chinese covers and real PDFs; one issue is
 * disabled. Quarterly issues up to the quarter of the seed's clock, named
 * 第N期 (the cards show 4 characters).
 */
export async function seedMagazines(ctx: DemoContext): Promise<void> {
  const { services, now } = ctx;
  for (const series of SERIES_ROWS) {
    const index = series.id as 1 | 2 | 3;
    const { name, kind } = MAGAZINE_SERIES[index - 1]!;
    // A PDF of its own for every issue, its cover naming that issue. The last eight are full
    // issues; the older ones, which few open, are a cover and two articles. The pictures
    // repeat every eight issues, since drawing them is the slow part.
    const pdfs: number[] = [];
    for (let issue = 1; issue <= MAGAZINE_ISSUES; issue++) {
      const data = await makeMagazinePdf({
        seriesName: name,
        seriesKind: kind,
        issue: magazineIssueLabel(issue, now),
        pages: issue > MAGAZINE_ISSUES - 8 ? 0 : 3,
        seed: index * 100 + issue,
        pictureSeed: index * 100 + (issue % 8),
      });
      const { year, season } = issueDate(issue, now);
      const fileName = `《${name}》${year}年${season}.pdf`;
      pdfs.push((await services.files.save({ fileName, mimeType: 'application/pdf' }, data)).id);
    }
    for (let issue = 1; issue <= MAGAZINE_ISSUES; issue++) {
      const cover = await makeMagazineCover({
        series: name,
        kind,
        issue: magazineIssueLabel(issue, now),
        seed: index * 100 + issue,
      });
      const coverFileId = (await services.uploads.image(cover.fileName, null, cover.data)).fileId;
      await services.cmsMagazine.save(
        {
          seriesId: series.id,
          title: magazineTitle(issue),
          coverFileId,
          pdfFileId: pdfs[issue - 1]!,
          enabled: issue === 5 ? 0 : 1,
        },
        ctx.admin,
        DEMO_IP,
        { onBehalf: true, at: issueDate(issue, now).published },
      );
    }
  }
}
