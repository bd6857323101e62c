/**
 * The first-party cookie that tells one visitor from another for the public
 * view counts (issue 18): a random value the page makes before its first view
 * call, kept a year (path /, so the page can see it is already there). It
 * identifies a browser, not a person, and grants nothing.
 */
export const VISITOR_COOKIE = 'school_visitor';
