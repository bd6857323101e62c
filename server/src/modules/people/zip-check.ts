import { badRequest } from '../../http/errors.js';

/** What a staff sheet's xlsx may unpack to in all, and how much one entry may grow. */
const MAX_UNPACKED_BYTES = 60 * 1024 * 1024;
const MAX_RATIO = 200;
const MAX_ENTRIES = 500;

export const ZIP_BOMB_MESSAGE = '文件解压后过大，疑似压缩炸弹，已拒绝';
const BROKEN_MESSAGE = '文件不是有效的 Excel（.xlsx）文件';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/**
 * Checks an xlsx's zip central directory before any of it is inflated: the entries' declared
 * unpacked sizes in all and each one's ratio to its packed size (a zip bomb declares a huge
 * size or a ratio no spreadsheet has), the number of entries, and that the workbook part is
 * there. ZIP64 archives (over 4 GB declared) are refused outright.
 */
export function checkZipSizes(bytes: Buffer): void {
  const end = findEndOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw badRequest(ZIP_BOMB_MESSAGE);
  if (count > MAX_ENTRIES) throw badRequest(ZIP_BOMB_MESSAGE);
  let at = offset;
  let total = 0;
  let workbook = false;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw badRequest(BROKEN_MESSAGE);
    }
    const packed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw badRequest(ZIP_BOMB_MESSAGE);
    total += unpacked;
    if (total > MAX_UNPACKED_BYTES) throw badRequest(ZIP_BOMB_MESSAGE);
    if (unpacked > 1024 * 1024 && unpacked > Math.max(packed, 1) * MAX_RATIO) {
      throw badRequest(ZIP_BOMB_MESSAGE);
    }
    if (name === 'xl/workbook.xml') workbook = true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!workbook) throw badRequest(BROKEN_MESSAGE);
}

/** The end-of-central-directory record: the last 22 bytes, or before a comment of up to 64 KB. */
function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw badRequest(BROKEN_MESSAGE);
}
