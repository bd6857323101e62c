import { data, Link } from 'react-router';

/** Unknown paths answer HTTP 404 with a page that leads back home. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: '页面不存在' }];

export default function NotFound() {
  return (
    <main id="main" className="error-page">
      <img src="/images/not-found.svg" alt="" width={420} height={300} />
      <h1 className="error-title">您访问的页面不存在</h1>
      <Link to="/index">返回首页</Link>
    </main>
  );
}
