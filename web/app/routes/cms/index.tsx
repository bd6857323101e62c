import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import { Link, useOutletContext } from 'react-router';
import type { Route } from './+types/index';
import { read, useLoadFailure } from '../../api/page-data';
import { requireUser, type StoredUser } from '../../lib/session';
import { FirstSteps } from '../../features/setup/FirstSteps';

export const meta = () => [{ title: '内容管理平台' }];

function Tile({
  title,
  value,
  to,
  alert,
}: {
  title: string;
  value: number;
  to: string;
  alert?: boolean;
}) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Link to={to} className="cms-tile" aria-label={`${title} ${value}`}>
        <Card size="small" hoverable>
          <Statistic
            title={title}
            value={value}
            styles={{ content: alert && value > 0 ? { color: '#cf1322' } : undefined }}
          />
        </Card>
      </Link>
    </Col>
  );
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  return { overview: await read('cms/overview', {}, null) };
}

/**
 * The platform's home: what waits for this person (reviews for
 * administrators; drafts, items sent back and scheduled items for everyone)
 * and the usual first steps.
 */
export default function CmsHome({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  useLoadFailure(loaderData.overview);
  const overview = loaderData.overview.data;

  return (
    <section className="cms-panel" aria-label="工作台">
      <div className="cms-panel-head">
        <h1>您好，{user.staffName}</h1>
        <Space>
          <Link to="/cms/news/new">
            <Button type="primary" icon={<PlusOutlined aria-hidden />}>
              新增新闻
            </Button>
          </Link>
          <Link to="/cms/video/edit">
            <Button icon={<PlusOutlined aria-hidden />}>新增视频</Button>
          </Link>
        </Space>
      </div>
      {overview?.firstSteps && <FirstSteps done={overview.firstSteps} />}
      {overview && (
        <Row gutter={[16, 16]} className="cms-tiles">
          {overview.reviewer && (
            <>
              <Tile
                title="待审核新闻"
                value={overview.newsToReview}
                to="/cms/news?reviewState=submitted"
                alert
              />
              <Tile
                title="待审核视频"
                value={overview.videosToReview}
                to="/cms/video?reviewState=submitted"
                alert
              />
            </>
          )}
          <Tile
            title="我的草稿"
            value={overview.myDrafts}
            to={`/cms/news?reviewState=draft${overview.reviewer ? '&mine=1' : ''}`}
          />
          <Tile
            title="我提交待审"
            value={overview.mySubmitted}
            to={`/cms/news?reviewState=submitted${overview.reviewer ? '&mine=1' : ''}`}
          />
          <Tile
            title="被退回"
            value={overview.myRejected}
            to={`/cms/news?reviewState=rejected${overview.reviewer ? '&mine=1' : ''}`}
            alert
          />
          <Tile
            title="定时发布"
            value={overview.scheduledNews}
            to="/cms/news?reviewState=approved"
          />
        </Row>
      )}
      <p className="cms-hint cms-home-hint">
        教师发布的新闻和视频保存后为草稿，提交审核后由管理员审核；审核通过并上架、到达上架时间后在门户显示。每次保存都会留下版本记录，可以对比和恢复。
      </p>
    </section>
  );
}
