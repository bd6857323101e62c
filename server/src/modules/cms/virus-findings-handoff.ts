import { forbidden } from '../../http/errors.js';
import { isSystemAdmin } from '../../http/roles.js';
import type { HandoffTarget } from '../../platform/auth/handoff-service.js';
import { VIRUS_FINDINGS_URL } from '../../platform/todo/virus-findings.js';

/** The to-do hand-off 23: the record of viruses found in uploads, for system administrators. */
export const virusFindingsHandoff: HandoffTarget = async (_item, staff) => {
  if (!isSystemAdmin(staff)) throw forbidden('只有系统管理员可以查看病毒检测记录');
  return VIRUS_FINDINGS_URL;
};
