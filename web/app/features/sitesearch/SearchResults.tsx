import type { ApiData } from '@school/common/api';
import { Empty, List, Pagination, Table } from 'antd';
import { usePhoneTable } from '../../components/ui/phone-table';
import { Link } from 'react-router';
import type { DriveRow, NewsItem, TeacherHit, VideoItem } from '@school/common/api';
import { ContentHit } from '../../components/ui/ContentHit';
import { truncate } from '../../lib/text';
import { countText, type SearchType } from './search-form';

export type SearchAnswer = ApiData<'search/getSearchList'>;

/** Where a found news item opens: /workPage, which leads back to this search. */
const workHref = (item: NewsItem, search: string) =>
  `/workPage?typeId=${item.typeId}&newId=${item.newId}&type=${item.newsType}&search=${encodeURIComponent(search)}`;

/** The found rows of one tab, the count text, the no-data text and the pager (12 a page). */
export function SearchResults({
  type,
  answer,
  pageNum,
  pageSize,
  search,
  keyword,
  loading,
  onPage,
}: {
  type: SearchType;
  /** The words searched for, marked where a document's text holds them. */
  keyword: string;
  answer: SearchAnswer;
  pageNum: number;
  pageSize: number;
  /** This search's address query, for the way back from an article. */
  search: string;
  loading: boolean;
  onPage: (pageNum: number) => void;
}) {
  const people = answer.list as TeacherHit[];
  // On a phone: the name and the phone number; department and mail in the row's details.
  const teachers = usePhoneTable<TeacherHit>(
    [
      { title: '姓名', dataIndex: 'teaName', key: 'name', keep: true },
      { title: '部门', key: 'dept', render: (_, row) => row.deptName ?? '—' },
      { title: '电话', key: 'phone', keep: true, render: (_, row) => row.teaPhone ?? '—' },
      { title: '邮箱', key: 'email', render: (_, row) => row.email ?? '—' },
    ],
    560,
  );
  return (
    <section className="search-results" aria-label="搜索结果">
      <p className="search-count">{countText(answer.total)}</p>
      {answer.total === 0 ? (
        <Empty description="暂无数据" />
      ) : type === 2 || type === 3 ? (
        <Table<TeacherHit>
          rowKey="teaId"
          size="middle"
          loading={loading}
          dataSource={people}
          pagination={false}
          {...teachers.props}
        />
      ) : type === 6 ? (
        <List<DriveRow>
          loading={loading}
          dataSource={answer.list as DriveRow[]}
          renderItem={(file) => (
            <List.Item extra={<time>{file.statusDate.slice(0, 10)}</time>}>
              <List.Item.Meta
                title={
                  <a
                    href={`/folderDetail?resourcesId=${file.resourcesId}`}
                    target="_blank"
                    rel="noopener"
                    title={file.resourcesName}
                  >
                    {truncate(file.resourcesName, 40)}
                  </a>
                }
                description={
                  <>
                    {`${file.fname ?? (file.fid === null ? '我的网盘' : '教学网盘')} · ${file.userName ?? '—'}`}
                    <ContentHit
                      snippet={file.contentSnippet}
                      place={file.contentPlace}
                      keyword={keyword}
                    />
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : type === 5 ? (
        <List<VideoItem>
          loading={loading}
          dataSource={answer.videoList}
          renderItem={(video) => (
            <List.Item extra={<time>{video.createDate.slice(0, 10)}</time>}>
              <List.Item.Meta
                title={
                  <Link to={`/videoDetail?videoId=${video.videoId}`} title={video.videoTitle}>
                    {truncate(video.videoTitle, 40)}
                  </Link>
                }
                description={`${video.typeName} · ${video.releaseUser ?? '暂无发布人'}`}
              />
            </List.Item>
          )}
        />
      ) : (
        <List<NewsItem>
          loading={loading}
          dataSource={answer.newsList}
          renderItem={(item) => (
            <List.Item extra={<time>{item.shelvesDate.slice(0, 10)}</time>}>
              <List.Item.Meta
                title={
                  <Link to={workHref(item, search)} title={item.newsTitle}>
                    {item.ifTop === 1 && <span className="top-badge">置顶</span>}
                    {truncate(item.newsTitle, 40)}
                  </Link>
                }
                description={`${item.typeName} · ${item.releaseUser ?? '暂无发布人'}${item.deptName ? ` · ${item.deptName}` : ''}`}
              />
            </List.Item>
          )}
        />
      )}
      {answer.total > pageSize && (
        <Pagination
          className="search-pager"
          current={pageNum}
          pageSize={pageSize}
          total={answer.total}
          showSizeChanger={false}
          onChange={onPage}
        />
      )}
    </section>
  );
}
