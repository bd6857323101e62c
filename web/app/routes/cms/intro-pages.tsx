import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/intro-pages';
import { usePageLoading, useLoadFailure, type Read, type ListPage } from '../../api/page-data';
import { IntroPageEditor } from '../../features/intro/admin/IntroPageEditor';
import { IntroPageTable, type IntroPageRow } from '../../features/intro/admin/IntroPageTable';
import {
  SINGLE_PAGE_TYPES,
  WWFZ_OPTIONS,
  wwfzTypeName,
} from '../../features/intro/admin/intro-types';
import { loadIntroList, useIntroAdmin } from '../../features/intro/admin/use-intro-admin';
import { ContentAdminOnly } from '../../layouts/cms/ContentAdminOnly';
import { requireUser, type StoredUser } from '../../lib/session';
import { SearchInput } from '../../components/ui/SearchInput';

export const meta = () => [{ title: '学校介绍 - 内容管理平台' }];

type Filter = { wwfzType: number; keyword: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  return loadIntroList<'cms/wwfz/list', Filter>(
    request,
    'cms/wwfz/list',
    ['wwfzType'],
    ['keyword'],
  );
}

function IntroPagesAdmin({
  filter,
  loaded,
}: {
  filter: Partial<Filter>;
  loaded: Read<ListPage<IntroPageRow>>;
}) {
  useLoadFailure(loaded);
  const page = loaded.data;
  const loading = usePageLoading();
  const admin = useIntroAdmin<Filter>();
  const { change, edit } = admin;
  // The profile, aims and scholarships are one page each: edit it rather than add another.
  const single =
    filter.wwfzType !== undefined &&
    !filter.keyword &&
    SINGLE_PAGE_TYPES.includes(filter.wwfzType) &&
    page.total > 0;

  return (
    <section className="cms-panel" aria-label="学校介绍">
      <h1>学校介绍</h1>
      <div className="cms-filters">
        <Select
          allowClear
          placeholder="全部栏目"
          aria-label="栏目"
          style={{ width: 180 }}
          options={WWFZ_OPTIONS}
          defaultValue={filter.wwfzType}
          onChange={(wwfzType?: number) => change({ wwfzType })}
        />
        <SearchInput
          allowClear
          placeholder="标题关键字"
          aria-label="标题关键字"
          style={{ width: 220 }}
          defaultValue={filter.keyword}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        <Tooltip
          title={
            single ? `“${wwfzTypeName(filter.wwfzType!)}”只有一个页面，请编辑已有的页面` : undefined
          }
        >
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={single}
            onClick={() => edit(null)}
          >
            新增页面
          </Button>
        </Tooltip>
      </div>
      <IntroPageTable
        page={page}
        loading={loading}
        {...admin.paging}
        onEdit={edit}
        onDelete={(wwfzId) => admin.act('cms/wwfz/delete', { wwfzId }, '已删除')}
      />
      <IntroPageEditor
        key={admin.editor.session}
        open={admin.editor.open}
        wwfzId={admin.editor.id}
        wwfzType={filter.wwfzType}
        onClose={admin.closeEditor}
        onSaved={admin.reload}
      />
    </section>
  );
}

/** 学校介绍: the pages of meetfuyi section 1 (administrators). */
export default function CmsIntroPages({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { filter, page } = loaderData;
  return (
    <ContentAdminOnly user={user}>
      {page && <IntroPagesAdmin filter={filter} loaded={page} />}
    </ContentAdminOnly>
  );
}
