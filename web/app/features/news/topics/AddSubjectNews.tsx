import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useUser } from '../../../lib/use-user';
import { useSite } from '../../../root';
import { canAddSubjectNews, openCmsHandoff } from '../../../lib/cms-handoff';

/**
 * 新增子新闻: opens the content platform to write a new sub-news of the topic
 * (visitType 29 with the topic's newId and no subjectNewId). Shown only to
 * whom may add one; the platform checks the right again.
 */
export function AddSubjectNews({
  newId,
  topicCreator,
}: {
  newId: number;
  topicCreator: number | null;
}) {
  const user = useUser();
  const site = useSite();
  if (!user || !site.cmsHandoffUrl || !canAddSubjectNews(user, topicCreator)) return null;
  return (
    <Button
      type="primary"
      size="small"
      icon={<PlusOutlined aria-hidden />}
      className="topic-add"
      onClick={() => void openCmsHandoff(site.cmsHandoffUrl, user, { visitType: 29, newId })}
    >
      新增子新闻
    </Button>
  );
}
