import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { isSystemAdmin } from '@school/common';
import { useUser } from '../../lib/use-user';

export const meta = () => [{ title: '博客 - 校内网' }];

/**
 * intranet.md §2 /weblog: the blog's place while the school has none. The
 * 博客 tab and the blog hand-off (visitType 2) open the address kept in the
 * system parameter BK; without one they come here.
 */
export default function Weblog() {
  // Where the address is set is the administrators' business, not the teachers'.
  const setsParameters = isSystemAdmin(useUser());
  return (
    <main id="main" className="container staff-detail">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">教师博客</h1>
      <Result
        status="info"
        title="教师博客暂未开通"
        subTitle={
          setsParameters
            ? '学校尚未设置博客地址：请在内容管理平台“系统参数与外部站点”中填写 BK。开通后，点击“博客”将直接进入。'
            : '学校的教师博客尚未开通。开通后，点击“博客”将直接进入。'
        }
        extra={
          <Link to="/teachPage">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </main>
  );
}
