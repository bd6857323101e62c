/**
 * The first-party cookie that tells one visitor from another for the public
 * view counts (issue 18): a random value the page makes before its first view
 * call, sent only to the API (path /api/), kept a year. It identifies a
 * browser, not a person, and grants nothing.
 */
export const VISITOR_COOKIE = 'school_visitor';
