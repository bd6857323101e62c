import { data } from 'react-router';
import type { Transport } from '../../../api/client';
import { emptyPage, intParam, load, pageOr, type Loaded, type Page } from '../../../api/load';
import type { NewsDetail, SubjectNewsDetail, SubjectNewsItem } from '@school/common/api';

/** Sub-news per page in a special topic's left list (portal spec §9). */
export const SUBJECT_PAGE_SIZE = 10;

export interface TopicPageData {
  newId: number;
  /** The topic's column (4), for the addresses of its sub-news. */
  typeId: number;
  pageNum: number;
  /** newspecialTitle of the address: the title to show while the topic is not readable. */
  titleHint: string;
  /** The special topic itself (news type 4): its title, and its creator for 新增子新闻. */
  topic: Loaded<NewsDetail>;
  /** One page of its sub-news, for the left list. */
  children: Page<SubjectNewsItem>;
  /** The sub-news in the reading pane; null when the topic has none yet. */
  child: Loaded<SubjectNewsDetail | null> | null;
}

const GONE = { ok: false, status: 404, message: '内容不存在或已下架' } as const;

/**
 * A special topic's page: the topic, page `pageNum` of its sub-news and the
 * sub-news to read: `subjectNewId` when the address names one, else the first
 * of the page. Used by the server loader (anonymous) and, for a logged-in
 * visitor, by the client loader with the visitor's token.
 */
export async function loadTopic(transport: Transport, url: string): Promise<TopicPageData> {
  const newId = intParam(url, 'newId', 0);
  const pageNum = intParam(url, 'pageNum', 1);
  const asked = intParam(url, 'subjectNewId', 0);
  const asWritten = {
    newId,
    pageNum,
    typeId: intParam(url, 'typeId', 4),
    titleHint: new URL(url).searchParams.get('newspecialTitle')?.trim() ?? '',
  };
  if (!newId) return { ...asWritten, topic: GONE, children: emptyPage(), child: null };

  const childOf = (subjectNewId: number) =>
    load(transport, 'news/getSubjectNews', { newId, subjectNewId });
  const [topic, list, askedChild] = await Promise.all([
    load(transport, 'news/getNewsDetails', { newId }),
    load(transport, 'news/getSubjectNewsList', {
      newId,
      pageNum,
      pageSize: SUBJECT_PAGE_SIZE,
    }),
    asked ? childOf(asked) : undefined,
  ]);
  const children = pageOr(list);
  const first = children.list[0]?.subjectNewId;
  const child = askedChild ?? (first ? await childOf(first) : null);
  const typeId = topic.ok ? topic.data.typeId : asWritten.typeId;
  return { ...asWritten, typeId, topic, children, child };
}

/**
 * The 404 page for a topic or sub-news that does not exist (or a sub-news of
 * another topic); a staff-only topic (401) is left to the page, which offers
 * the login.
 */
export function topicOrNotFound(page: TopicPageData): TopicPageData {
  for (const part of [page.topic, page.child]) {
    if (part && !part.ok && part.status !== 401) throw data(part.message, { status: 404 });
  }
  return page;
}
