import type { Route } from './+types/write-email';
import { loadMailPage } from '../../features/mail/mail-load';
import { MailPage } from '../../features/mail/MailPage';
import { requireUser } from '../../lib/session';
import editorCss from '../../styles/editor.css?url';

export const meta = () => [{ title: '邮件 - 校内网' }];

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorCss }];

/**
 * /writEmail (intranet.md §2): addressee (a JSON list of recipients) and
 * choosePag (1 write, 2 the sent box) as the old links send them; the page
 * keeps its own view in `view`.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  return loadMailPage(new URL(request.url));
}

export default function WriteEmail({ loaderData }: Route.ComponentProps) {
  return <MailPage data={loaderData} />;
}
