import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The sign-on hand-off to the content-management platform and other school
 * systems (portal.md §7 "Edit hand-off", intranet.md "Sign-in hand-offs"):
 * the page posts these fields with `sign`, 16 hex characters from offset 8 of
 * the MD5 of the other fields in a fixed order (the classic 16-character MD5). The receiving side checks
 * the token itself, so the sign guards the fields against change in transit;
 * it is not a secret.
 */
export interface HandoffFields {
  staffType: number;
  staffId: number;
  staffCode: string;
  /** Always 'P'. */
  signStatus: 'P';
  /** Milliseconds since the epoch when the page posted. */
  TIMESTAMP: number;
  token: string;
  visitType: number;
  newId?: number;
  newType?: number;
  subjectNewId?: number;
  videoId?: number;
}

/** visitType: 12, 13, 14 edit news of newsType 1, 2, 3; 29 a sub-news; 30 a video. */
export const EDIT_VISIT_TYPES = { news: [12, 13, 14], subjectNews: 29, video: 30 } as const;

const ORDER: Array<keyof HandoffFields> = [
  'staffType',
  'staffId',
  'staffCode',
  'signStatus',
  'TIMESTAMP',
  'token',
  'visitType',
  'newId',
  'newType',
  'subjectNewId',
  'videoId',
];

function signOf(fields: HandoffFields, keys: Array<keyof HandoffFields>): string {
  const text = keys
    .filter((key) => fields[key] !== undefined && fields[key] !== '')
    .map((key) => `${key}=${String(fields[key])}`)
    .join('&');
  return bytesToHex(md5(utf8ToBytes(text))).slice(8, 24);
}

/** The portal's form (portal.md §7): every field that is sent, signed in the fixed order. */
export function handoffSign(fields: HandoffFields): string {
  return signOf(fields, ORDER);
}

/**
 * The intranet's form (intranet.md "Hand-off signature"): only the six
 * identity fields staffType, staffId, staffCode, signStatus, TIMESTAMP and
 * token are signed; visitType (and any item) travels beside them unsigned.
 */
export function identitySign(fields: HandoffFields): string {
  return signOf(fields, ORDER.slice(0, 6));
}

export const identitySignMatches = (fields: HandoffFields, sign: string) =>
  identitySign(fields) === sign;

/**
 * The intranet's hand-offs that open no item: 2 the blog, 20 the application
 * centre's 更多, 21 the leave to-do list, 22 the picture review. They come in
 * the intranet's form; hand-offs that open an item (12-14, 29, 30) must sign it.
 */
export const INTRANET_VISIT_TYPES: readonly number[] = [2, 20, 21, 22];

/**
 * Whether the platform's receiver (GLPTBJ) takes a hand-off's sign: the
 * portal's form for every visitType, the intranet's for its own visitTypes.
 * The sign holds no secret either way; the token and the one-time check on
 * the server are what protect a hand-off.
 */
export function receivableSign(fields: HandoffFields, sign: string): boolean {
  if (handoffSign(fields) === sign) return true;
  return INTRANET_VISIT_TYPES.includes(fields.visitType) && identitySignMatches(fields, sign);
}
