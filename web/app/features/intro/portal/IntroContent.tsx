import { Link } from 'react-router';
import { INTRO_PAGE_SIZE, type IntroContent, type PersonItem } from './intro-page';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Pager } from '../../../components/ui/Pager';
import { ImpressionTiles } from './ImpressionTiles';
import { IntroArticle } from './IntroArticle';
import { IntroTabs } from './IntroTabs';
import { PageList } from './PageList';
import { PrincipalTable } from './PrincipalTable';
import { ProfileBody, ProfileCards, type Profile } from './ProfileCards';
import { introHref, type IntroView, type SubSection } from './sections';

function BackLink({ to }: { to: string }) {
  return (
    <p className="intro-back">
      <Link to={to}>‹ 返回列表</Link>
    </p>
  );
}

/** The content pane of one sub-section. */
export function IntroContentView({
  view,
  sub,
  content,
}: {
  view: IntroView;
  sub: SubSection;
  content: IntroContent;
}) {
  const here = (change: Partial<IntroView>) =>
    introHref({ newsNum: view.newsNum, sub: view.sub, tab: view.tab, ...change });
  const list = here({ pageNum: view.pageNum });
  const pager = (total: number) => (
    <Pager total={total} pageNum={view.pageNum} pageSize={INTRO_PAGE_SIZE} />
  );

  switch (content.kind) {
    case 'page':
      return content.page ? (
        <IntroArticle
          enTitle={content.page.enWwfzTitle}
          picture={content.page.wwfzPic}
          html={content.page.wwfzCont}
        />
      ) : (
        <EmptyState />
      );

    case 'pageTabs': {
      const { current, tabs } = content;
      if (!current) return <EmptyState />;
      return (
        <>
          <IntroTabs
            label={sub.label}
            current={current.wwfzId}
            tabs={tabs.map((t) => ({
              id: t.wwfzId,
              label: t.wwfzTitle,
              href: here({ tab: t.wwfzId }),
            }))}
          />
          <IntroArticle
            title={current.wwfzTitle}
            enTitle={current.enWwfzTitle}
            picture={current.wwfzPic}
            html={current.wwfzCont}
          />
        </>
      );
    }

    case 'leaders': {
      const toProfile = (p: (typeof content.page.list)[number]): Profile => ({
        id: p.wwfzId,
        name: p.wwfzTitle,
        role: p.wwfzDesc,
        photo: p.wwfzPic,
        html: p.wwfzCont,
        href: here({ pageNum: view.pageNum, item: p.wwfzId }),
      });
      if (content.item) {
        return (
          <>
            <ProfileBody person={toProfile(content.item)} heading />
            <BackLink to={list} />
          </>
        );
      }
      if (content.page.list.length === 0) return <EmptyState />;
      return (
        <>
          <ProfileCards label={sub.label} people={content.page.list.map(toProfile)} />
          {pager(content.page.total)}
        </>
      );
    }

    case 'pageList':
      if (content.item) {
        return (
          <>
            <IntroArticle
              title={content.item.wwfzTitle}
              enTitle={content.item.enWwfzTitle}
              date={content.item.createDate}
              picture={content.item.wwfzPic}
              html={content.item.wwfzCont}
            />
            <BackLink to={list} />
          </>
        );
      }
      if (content.page.list.length === 0) return <EmptyState />;
      return (
        <>
          <PageList
            label={sub.label}
            items={content.page.list}
            hrefOf={(item) => here({ pageNum: view.pageNum, item: item.wwfzId })}
          />
          {pager(content.page.total)}
        </>
      );

    case 'principals':
      if (content.page.list.length === 0) return <EmptyState />;
      return (
        <>
          <PrincipalTable people={content.page.list} />
          {pager(content.page.total)}
        </>
      );

    case 'people': {
      const toProfile = (p: PersonItem): Profile => ({
        id: p.fmsmId,
        name: p.fmsmTitle,
        role: p.post,
        summary: p.fmsmDesc,
        photo: p.fmsmPic,
        html: p.fmsmCont || undefined,
        href: here({ pageNum: view.pageNum, item: p.fmsmId }),
      });
      const tabs =
        sub.kind === 'people' ? (
          <IntroTabs
            label={sub.label}
            current={view.tab}
            tabs={sub.tabs.map((t) => ({
              id: t.code,
              label: t.label,
              href: here({ tab: t.code }),
            }))}
          />
        ) : null;
      if (content.item) {
        return (
          <>
            {tabs}
            <ProfileBody person={toProfile(content.item)} heading />
            <BackLink to={list} />
          </>
        );
      }
      return (
        <>
          {tabs}
          {content.page.list.length === 0 ? (
            <EmptyState />
          ) : (
            <ProfileCards label={sub.label} people={content.page.list.map(toProfile)} />
          )}
          {pager(content.page.total)}
        </>
      );
    }

    case 'impressions':
      return <ImpressionTiles images={content.images} />;
  }
}
