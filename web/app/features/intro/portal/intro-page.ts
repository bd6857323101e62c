import { data } from 'react-router';
import type { IntroPageItem, PersonItem } from '@school/common';
import type { Transport } from '../../../api/client';
import { load, pageOr, type Loaded, type Page } from '../../../api/load';
import type { BannerItem } from '@school/common/api';
import type { IntroView, SubSection } from './sections';

/** School-introduction page sizes (portal.md §9: school-introduction pages, 6). */
export const INTRO_PAGE_SIZE = 6;
/** Tabs of one sub-section (history, emblem and song) fit in one call. */
const ALL_TABS = 50;
/** The first item of a list, for its picture. */
const first = { pageNum: 1, pageSize: 1 };

export type { IntroPageItem, PersonItem };

export interface ImpressionImages {
  bygoneYears: string;
  campus: string;
  video: string;
}

export type IntroContent =
  | { kind: 'page'; page: IntroPageItem | null }
  | {
      kind: 'pageTabs';
      tabs: Array<{ wwfzId: number; wwfzTitle: string }>;
      current: IntroPageItem | null;
    }
  | { kind: 'leaders' | 'pageList'; page: Page<IntroPageItem>; item: IntroPageItem | null }
  | { kind: 'principals'; page: Page<PersonItem> }
  | { kind: 'people'; page: Page<PersonItem>; item: PersonItem | null }
  | { kind: 'impressions'; images: ImpressionImages };

export interface IntroPageData {
  view: IntroView;
  cover: BannerItem | undefined;
  content: IntroContent;
}

const notFound = () => data('内容不存在或已下架', { status: 404 });

function pages(
  transport: Transport,
  payload: { wwfzType: number; wwfzId?: number; pageNum?: number; pageSize: number },
) {
  return load(transport, 'wwfz/getWwfzDetails', { ...payload, enableType: 1 });
}

/** One page by its id, or the 404 page when it is not (or no longer) in the sub-section. */
async function onePage(transport: Transport, wwfzType: number, wwfzId: number) {
  const found = pageOr(await pages(transport, { wwfzType, wwfzId, pageSize: 1 }));
  if (!found.list[0]) throw notFound();
  return found.list[0];
}

/** The picture of the first item of a list (news or videos), or ''. */
const firstImage = (loaded: Loaded<Page<{ imgUrl: string }>>) =>
  pageOr(loaded).list[0]?.imgUrl ?? '';

async function loadContent(
  transport: Transport,
  view: IntroView,
  sub: SubSection,
): Promise<IntroContent> {
  const paging = { pageNum: view.pageNum, pageSize: INTRO_PAGE_SIZE };
  switch (sub.kind) {
    case 'page': {
      const page = pageOr(await pages(transport, { wwfzType: sub.wwfzType, pageSize: 1 }));
      return { kind: 'page', page: page.list[0] ?? null };
    }
    case 'pageTabs': {
      const all = pageOr(await pages(transport, { wwfzType: sub.wwfzType, pageSize: ALL_TABS }));
      const current = all.list.find((p) => p.wwfzId === view.tab) ?? all.list[0] ?? null;
      const tabs = all.list.map(({ wwfzId, wwfzTitle }) => ({ wwfzId, wwfzTitle }));
      return { kind: 'pageTabs', tabs, current };
    }
    case 'leaders':
    case 'pageList': {
      const [page, item] = await Promise.all([
        pages(transport, { wwfzType: sub.wwfzType, ...paging }),
        view.item ? onePage(transport, sub.wwfzType, view.item) : null,
      ]);
      return { kind: sub.kind, page: pageOr(page), item };
    }
    case 'principals': {
      const page = await load(transport, 'fmsm/getFmsmDetails', {
        fmsmType: sub.fmsmType,
        enableType: 1,
        ...paging,
      });
      return { kind: 'principals', page: pageOr(page) };
    }
    case 'people': {
      const page = pageOr(
        await load(transport, 'fmsm/getFmsmDetails', {
          fmsmType: view.tab ?? sub.tabs[0].code,
          enableType: 1,
          ...paging,
        }),
      );
      // People have no call by id: a person's full text is found on the page it is listed on.
      const item = view.item ? page.list.find((p) => p.fmsmId === view.item) : null;
      if (item === undefined) throw notFound();
      return { kind: 'people', page, item };
    }
    case 'impressions': {
      const [bygoneYears, campus, video] = await Promise.all([
        load(transport, 'news/getNewsList', { typeId: 11, enableType: 1, ...first }),
        load(transport, 'news/getNewsList', { typeId: 12, enableType: 1, ...first }),
        load(transport, 'video/getVideoList', {
          ifShelves: 'A',
          checkStatus: 'A',
          enableType: 1,
          ...first,
        }),
      ]).then((lists) => lists.map(firstImage));
      return { kind: 'impressions', images: { bygoneYears, campus, video } };
    }
  }
}

/** The meetfuyi page's data: the section's cover and the content of the view's sub-section. */
export async function loadIntro(
  transport: Transport,
  view: IntroView,
  sub: SubSection,
): Promise<IntroPageData> {
  const [cover, content] = await Promise.all([
    load(transport, 'coverPic/getCoverPic', { typeId: 9 }),
    loadContent(transport, view, sub),
  ]);
  return { view, cover: cover.ok ? cover.data[0] : undefined, content };
}
