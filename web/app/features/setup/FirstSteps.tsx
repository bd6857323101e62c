import { CheckCircleFilled } from '@ant-design/icons';
import { Card } from 'antd';
import { Link } from 'react-router';
import type { CmsOverview } from '@school/common/api';

type Done = NonNullable<CmsOverview['firstSteps']>;

interface Step {
  title: string;
  text: string;
  to: string;
  done: (done: Done) => boolean | null;
}

/** What a new school does first, in order; `done` is what the server can tell (null: nothing). */
const STEPS: Step[] = [
  {
    title: '站点设置',
    text: '学校简称、标志、主题色、导航名称、页脚与备案信息',
    to: '/cms/site',
    done: (done) => done.siteSettings,
  },
  {
    title: '人员导入',
    text: '从 Excel 或 CSV 表格批量创建教职工账号',
    to: '/cms/staffImport',
    done: (done) => done.staffImport,
  },
  {
    title: '从旧站导入',
    text: '把旧网站的新闻、图片、视频和校刊搬到新站',
    to: '/cms/importSite',
    done: (done) => done.siteImport,
  },
  {
    title: '栏目',
    text: '整理新闻栏目，开始发布内容',
    to: '/cms/column',
    done: () => null,
  },
];

/** The platform home's first steps for administrators, each with a done mark where known. */
export function FirstSteps({ done }: { done: Done }) {
  return (
    <Card size="small" title="开始使用" className="cms-first-steps">
      <ol className="cms-first-steps-list">
        {STEPS.map((step) => {
          const finished = step.done(done);
          return (
            <li key={step.to}>
              <Link to={step.to}>{step.title}</Link>
              {finished && (
                <span className="cms-first-steps-done">
                  <CheckCircleFilled aria-hidden /> 已完成
                </span>
              )}
              {finished === false && <span className="cms-first-steps-todo">待完成</span>}
              <p>{step.text}</p>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
