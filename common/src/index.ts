export { PASSWORD_RULE_MESSAGE, isStrongPassword } from './password.js';
export { STAFF_TYPES, staffTypeName, type LoginUser, type StaffType } from './staff.js';
export {
  EDIT_VISIT_TYPES,
  INTRANET_VISIT_TYPES,
  handoffSign,
  identitySign,
  identitySignMatches,
  receivableSign,
  type HandoffFields,
} from './handoff.js';
export type { IntroPageItem, NewsDetail, NewsFile, NewsItem, PersonItem } from './portal.js';
export { isSafeLink } from './links.js';
export * from './roles.js';
export * from './limits.js';
export { VISITOR_COOKIE } from './visitor.js';
