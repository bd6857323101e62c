import type { Route } from './+types/newspecial-detail';
import { browserTransport } from '../../api/client';
import { serverTransport } from '../../api/server';
import { loadTopic, topicOrNotFound } from '../../features/news/topics/topic-detail';
import { TopicPage } from '../../features/news/topics/TopicPage';
import { topicMeta } from '../../features/news/topics/topic-meta';
import { getUser } from '../../lib/session';
import sectionsCss from '../../styles/portal-sections.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sectionsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return topicOrNotFound(await loadTopic(serverTransport(context), request.url));
}

/** Logged in: the same data with the visitor's token, so staff-only topics open too. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getUser()) return serverLoader();
  return topicOrNotFound(await loadTopic(browserTransport, request.url));
}
// A staff member opening a staff-only item in a new tab gets it at once, with the stored token.
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ data, matches }) => topicMeta(data, matches);

/**
 * A special topic: newspecialDetail?newId=&newsNum=&newspecialTitle=&typeId=
 * opens the first sub-news of the page, newspecialZxwDetail?newId=&subjectNewId=
 * &typeId=&pageNum= a chosen one; its sub-news are listed on the left.
 */
export default function NewspecialDetail({ loaderData }: Route.ComponentProps) {
  return <TopicPage page={loaderData} />;
}
