import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, newsList } from './api';
import { allowSteps } from './steps';

/** The start of a title, as every list shows it whatever its cut. */
const head = (title: string) => title.slice(0, 8);

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** Every public page of portal.md §2 arrives rendered: its text is in the first HTML. */
test('every public page holds its content before JavaScript runs', async ({ request }) => {
  // 13 look-ups, then 22 pages fetched and read.
  allowSteps(13 + 22);
  const campus = (await newsList(request, 2)).list[0]!;
  const topic = (await newsList(request, 4)).list[0]!;
  const subs = await api<{ list: Array<{ subjectNewId: number; newsTitle: string }> }>(
    request,
    'news/getSubjectNewsList',
    { newId: topic.newId },
  );
  const teacherNews = (await newsList(request, 7)).list[0]!;
  const column = (await newsList(request, 15)).list[0]!;
  const gallery = (await newsList(request, 12)).list[0]!;
  const past = (await newsList(request, 11)).list[0]!;
  const videos = await api<{ list: Array<{ videoId: number; videoTitle: string }> }>(
    request,
    'video/getVideoList',
    { ifShelves: 'A', checkStatus: 'A' },
  );
  const societies = await api<Array<{ associationName: string }>>(request, 'news/getSocietyList');
  const magazines = await api<{ list: Array<{ magazineId: number; magazineTitle: string }> }>(
    request,
    'magazine/selMagazineList',
    { typeId: 1 },
  );
  const principals = await api<{ list: Array<{ fmsmTitle: string }> }>(
    request,
    'fmsm/getFmsmDetails',
    { fmsmType: 1 },
  );
  const video = videos.list[0]!;
  const magazine = magazines.list[0]!;
  const sub = subs.list[1]!;

  const pages: Array<[string, string[]]> = [
    ['/index', [head(campus.newsTitle), '校园专栏', '相关链接']],
    ['/news?newsNum=2', [head(campus.newsTitle), '高中部']],
    [`/newsDetail?newId=${campus.newId}&newsNum=2&typeId=2`, [campus.newsTitle, '发布人：']],
    ['/newsSpecial', ['专题']],
    [`/newspecialDetail?newId=${topic.newId}&newsNum=4&typeId=4`, [head(topic.newsTitle)]],
    [
      `/newspecialZxwDetail?newId=${topic.newId}&subjectNewId=${sub.subjectNewId}&typeId=4&pageNum=1`,
      [sub.newsTitle],
    ],
    ['/media?newsNum=7', [head(teacherNews.newsTitle)]],
    ['/media?newsNum=9', [societies[0]!.associationName, '海外文化']],
    [`/mediaDetail?newId=${teacherNews.newId}&newsNum=7&typeId=7`, [teacherNews.newsTitle]],
    ['/campus?campusNum=15', [head(column.newsTitle)]],
    [`/campusDetail?newId=${column.newId}&campusNum=15&typeId=15`, [column.newsTitle]],
    ['/picture', [head(gallery.newsTitle)]],
    ['/sylyPicture', [head(past.newsTitle)]],
    [`/picdetail?newId=${gallery.newId}&newTxt=12`, [gallery.newsTitle, '最美校园']],
    ['/video', [head(video.videoTitle)]],
    [`/videoDetail?videoId=${video.videoId}&typeId=1`, [video.videoTitle]],
    ['/meetfuyi?newsNum=1', ['学校简介', '青禾实验中学']],
    ['/meetfuyi?newsNum=2', [principals.list[0]!.fmsmTitle, '任职时间']],
    ['/meetfuyi?newsNum=3', ['似水流年', '最美校园', '视频中心']],
    ['/schoolWenji?newsNum=1', [magazine.magazineTitle.slice(0, 4)]],
    [`/schWenjiDetail?magazineId=${magazine.magazineId}`, [magazine.magazineTitle]],
    [`/outnetSech?newsTitle=${encodeURIComponent('校园')}`, ['校园', '条']],
  ];
  for (const [path, texts] of pages) {
    const page = await html(request, path);
    for (const text of texts) expect(page, `${path} should contain ${text}`).toContain(text);
    expect(page, `${path} has a description`).toMatch(/<meta name="description" content="[^"]+"/);
    expect(page, `${path} has a link-preview title`).toMatch(
      /<meta property="og:title" content="[^"]+"/,
    );
  }
  // A detail page's <title> is the item's title.
  expect(await html(request, `/newsDetail?newId=${campus.newId}&newsNum=2&typeId=2`)).toContain(
    `<title>${campus.newsTitle} - 青禾实验中学</title>`,
  );
});

test('a missing article answers 404', async ({ request }) => {
  const response = await request.get('/newsDetail?newId=99999999&newsNum=2&typeId=2');
  expect(response.status()).toBe(404);
});
