import { isContentAdmin } from '@school/common';
import { Tabs } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import type { Route } from './+types/sensitive-words';
import { intSearch, read, useLoadFailure } from '../../api/page-data';
import { PhraseList } from '../../features/sensitive-words/PhraseList';
import { LIST_PAGE_SIZE, WordList } from '../../features/sensitive-words/WordList';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '敏感词管理 - 内容管理平台' }];

type Tab = 'words' | 'phrases';

/** The open tab (?tab=phrases: 允许短语), its keyword and page are in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get('tab') === 'phrases' ? 'phrases' : 'words';
  const keyword = params.get('keyword') ?? '';
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const query = { keyword, pageNum, pageSize: LIST_PAGE_SIZE };
  const empty = { total: 0, list: [] };
  const admin = isContentAdmin(user);
  return {
    tab,
    keyword,
    pageNum,
    words: admin && tab === 'words' ? await read('cms/sensitiveWord/list', query, empty) : null,
    phrases: admin && tab === 'phrases' ? await read('cms/allowedPhrase/list', query, empty) : null,
  };
}

/**
 * 敏感词管理 (/cms/sensitiveWord, content administrators): the words titles
 * and bodies are checked against before a teacher submits or an
 * administrator publishes, each 禁止 or 提醒, and (second tab) the phrases
 * in which a word is allowed.
 */
export default function CmsSensitiveWords({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { tab, keyword, pageNum, words, phrases } = loaderData;
  useLoadFailure(words, phrases);
  const [, setParams] = useSearchParams();
  const shown = { keyword, pageNum };

  return (
    <ContentAdminOnly user={user}>
      <section className="cms-panel" aria-label="敏感词管理">
        <h1>敏感词管理</h1>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'phrases' ? { tab: key } : {}, { replace: true })}
          items={[
            {
              key: 'words',
              label: '敏感词',
              children: tab === 'words' && <WordList {...shown} page={words?.data ?? null} />,
            },
            {
              key: 'phrases',
              label: '允许短语',
              children: tab === 'phrases' && <PhraseList {...shown} page={phrases?.data ?? null} />,
            },
          ]}
          destroyOnHidden
        />
      </section>
    </ContentAdminOnly>
  );
}
