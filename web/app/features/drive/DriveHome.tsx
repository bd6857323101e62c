import { isDriveAdmin } from '@school/common';
import type { ApiData } from '@school/common/api';
import { FolderFilled } from '@ant-design/icons';
import { App, Badge, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLoadFailure, type Read } from '../../api/page-data';
import { Crumbs } from '../../components/ui/Crumbs';
import type { Dictionary, DriveList } from './drive-api';
import { formatDay } from './drive-data';
import { DriveName } from './DriveTable';
import { useUser } from '../../lib/use-user';
import { SearchInput } from '../../components/ui/SearchInput';

export type RootFolder = ApiData<'resources/getFolderList'>[number];

export interface DriveHomeData {
  count: Read<number>;
  types: Read<Dictionary>;
  folders: Read<RootFolder[]>;
  newest: Read<DriveList>;
  shared: Read<DriveList>;
  downloaded: Read<DriveList>;
}

export const folderHref = (fid: number, secondLevel?: number) =>
  `/filelistPage?fid=${fid}${secondLevel ? `&secondLevel=${secondLevel}` : ''}`;

function HomeList({ title, more, list }: { title: string; more: string; list: DriveList }) {
  return (
    <Card
      className="staff-card drive-home-list"
      title={title}
      extra={
        <Link to={more} aria-label={`${title}更多`}>
          更多
        </Link>
      }
    >
      {list.list.length === 0 ? (
        <p className="muted">暂无资源</p>
      ) : (
        <ul className="drive-home-rows">
          {list.list.map((row) => (
            <li key={row.resourcesId}>
              <DriveName row={row} />
              <span className="muted drive-home-meta">
                {row.userName ?? ''} {formatDay(row.statusDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** 教学网盘 (intranet.md §2 education): the count, the search, the columns and three lists. */
export function DriveHome({ data }: { data: DriveHomeData }) {
  const { count, types, folders, newest, shared, downloaded } = data;
  useLoadFailure(count, types, folders, newest, shared, downloaded);
  const user = useUser();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [type, setType] = useState<string | undefined>();

  const search = (value: string) => {
    const keyword = value.trim();
    if (!keyword) return void message.warning('请输入搜索内容');
    const params = new URLSearchParams({ zylxType: '1', KeywordName: keyword });
    // With zylxType given, huntFor reads `type` as the resource type of the dropdown.
    if (type) params.set('type', type);
    navigate(`/huntFor?${params.toString()}`);
  };

  return (
    <main className="container staff-page drive-page drive-home">
      <Crumbs home="/teachPage" items={[{ label: '教学网盘' }]} />
      <h1 className="visually-hidden">教学网盘</h1>
      <Card className="staff-card drive-home-head">
        <div className="drive-home-count">
          <span>资源总数</span>
          <Link to="/newUpload" className="drive-home-number">
            {count.data}
          </Link>
          <span>个</span>
        </div>
        <Space.Compact className="drive-home-search">
          <Select
            className="drive-home-type"
            aria-label="资源类型"
            placeholder="全部类型"
            allowClear
            value={type}
            onChange={setType}
            options={types.data.map((t) => ({ value: t.dicValue, label: t.dicName }))}
          />
          <SearchInput
            placeholder="请输入搜索内容"
            aria-label="搜索资源"
            enterButton="搜索"
            onSearch={search}
          />
        </Space.Compact>
      </Card>
      <Card className="staff-card" title="资源栏目">
        {folders.data.length === 0 ? (
          <p className="muted">暂无栏目</p>
        ) : (
          <ul className="drive-columns">
            {folders.data.map((folder) => (
              <li key={folder.fid}>
                <Link to={folderHref(folder.fid, folder.fid)} className="drive-column">
                  <Badge count={folder.fnum} overflowCount={9999} showZero color="#1677ff">
                    <FolderFilled aria-hidden className="drive-column-icon" />
                  </Badge>
                  <span className="drive-column-name">{folder.fname}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="drive-home-lists">
        <HomeList title="最新上传" more="/newUpload" list={newest.data} />
        <HomeList title="近期热门" more="/jinqiPage" list={shared.data} />
        <HomeList title="热门下载" more="/hotDown" list={downloaded.data} />
      </div>
      <p className="drive-home-foot">
        <Link to="/huntFor?type=1">按学段学科浏览</Link>
        <Link to="/mineWp">我的网盘</Link>
        <Link to="/myPublicwp">我的公共资源</Link>
        <Link to="/mineWp?tab=4">回收站</Link>
        {isDriveAdmin(user) && <Link to="/mineWp?tab=4&scope=library">教学网盘回收站</Link>}
      </p>
    </main>
  );
}
