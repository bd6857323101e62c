import { canManageItem, handoffSign, type HandoffFields } from '@school/common';
import type { StoredUser } from './session';

/** What the hand-off is about: visitType and the item's ids (portal spec §7 "Edit hand-off"). */
export type HandoffTarget = Pick<HandoffFields, 'visitType'> &
  Partial<Pick<HandoffFields, 'newId' | 'newType' | 'subjectNewId' | 'videoId'>>;

/** The signed form the content platform's address (GLPTBJ) receives. */
export function handoffBody(user: StoredUser, target: HandoffTarget, now = Date.now()) {
  const fields: HandoffFields = {
    staffType: user.staffType,
    staffId: user.staffId,
    staffCode: user.staffCode,
    signStatus: 'P',
    TIMESTAMP: now,
    token: user.token,
    ...target,
  };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...fields, sign: handoffSign(fields) })) {
    if (value !== undefined) body.set(key, String(value));
  }
  return body;
}

/**
 * Opens the content-management platform in a new tab through the signed
 * hand-off, the way 【编辑】 of ArticleActions does. Call it from the click
 * itself: the tab is opened at once, so no pop-up blocker stops it, and sent
 * to `retUrl` when the platform answers. Failures are only logged (portal
 * spec §8) and the empty tab is closed.
 */
export async function openCmsHandoff(
  address: string,
  user: StoredUser,
  target: HandoffTarget,
): Promise<void> {
  if (!address) return;
  const tab = window.open('about:blank', '_blank');
  try {
    const response = await fetch(address, { method: 'POST', body: handoffBody(user, target) });
    const result = (await response.json()) as { status: number; data?: { retUrl?: string } };
    const retUrl = result.data?.retUrl;
    if (result.status === 0 && retUrl && tab) tab.location.href = retUrl;
    else {
      console.error('content platform refused the hand-off', result);
      tab?.close();
    }
  } catch (err) {
    console.error('edit hand-off failed', err);
    tab?.close();
  }
}

/** Adding a sub-news: administrators (isPower 1) and the special topic's creator. */
export function canAddSubjectNews(user: StoredUser | null, topicCreator: number | null): boolean {
  if (!user) return false;
  return canManageItem(user, user.staffId, topicCreator);
}
