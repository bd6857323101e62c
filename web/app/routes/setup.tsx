import { Alert } from 'antd';
import { data, useSearchParams } from 'react-router';
import type { Route } from './+types/setup';
import { load } from '../api/load';
import { serverTransport } from '../api/server';
import { SetupForm } from '../features/setup/SetupForm';
import type { PageHandle } from '../lib/static-page';
import setupCss from '../styles/setup.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: setupCss }];

/** Uses antd's form components: root.tsx links their styles. */
export const handle: PageHandle = { staffStyles: true };

export const meta = () => [{ title: '首次设置' }, { name: 'robots', content: 'noindex' }];

/** Only while the site has no staff: afterwards /setup is an address the site does not have. */
export async function loader({ context }: Route.LoaderArgs) {
  const status = await load(serverTransport(context), 'setup/status');
  if (!status.ok || !status.data.needed) throw data(null, { status: 404 });
  return null;
}

/** The first run: the school's name and its first administrator, with the printed link's token. */
export default function Setup() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <main id="main" className="setup-page">
      <div className="setup-card">
        <h1>首次设置</h1>
        <p className="setup-lead">
          欢迎使用学校门户网站。请填写学校名称并创建首位管理员账号，完成后即可登录内容管理平台，继续进行站点设置、人员导入等工作。
        </p>
        {!token && (
          <Alert
            type="warning"
            showIcon
            className="setup-error"
            message="请使用服务器控制台输出的完整地址（含 token）打开本页"
          />
        )}
        <SetupForm token={token} />
      </div>
    </main>
  );
}
