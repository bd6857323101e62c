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

export function handoffSign(fields: HandoffFields): string {
  const text = ORDER.filter((key) => fields[key] !== undefined && fields[key] !== '')
    .map((key) => `${key}=${String(fields[key])}`)
    .join('&');
  return bytesToHex(md5(utf8ToBytes(text))).slice(8, 24);
}
