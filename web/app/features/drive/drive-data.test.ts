import { describe, expect, it } from 'vitest';
import {
  baseName,
  folderSteps,
  formatDay,
  formatSize,
  iconOf,
  isAllowedFile,
  previewOf,
  shareAddress,
  shortDay,
  sortOf,
  sortParams,
  toggleSort,
} from './drive-data';

describe('drive list helpers', () => {
  it('shortens a day of this year on a phone, keeps an older one whole', () => {
    expect(shortDay('2026-11-26 08:05:00', 2026)).toBe('11-26');
    expect(shortDay('2025-11-26 08:05:00', 2026)).toBe('2025-11-26');
    expect(shortDay(null, 2026)).toBe('');
  });

  it('shows sizes as people read them, folders as —', () => {
    expect(formatSize(1048576)).toBe('1 MB');
    expect(formatSize(1572864)).toBe('1.5 MB');
    expect(formatSize(18 * 1024)).toBe('18 KB');
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1234, true)).toBe('—');
  });

  it('shows dates as year-month-day', () => {
    expect(formatDay('2026-11-25 12:30:01')).toBe('2026-11-25');
    expect(formatDay(null)).toBe('');
  });

  it('picks the icon by resourcesFileType', () => {
    expect(iconOf('-1')).toBe('folder');
    for (const t of ['2', '3', '8']) expect(iconOf(t)).toBe('document');
    expect(iconOf('4')).toBe('picture');
    expect(iconOf('5')).toBe('audio');
    expect(iconOf('6')).toBe('video');
    expect(iconOf('7')).toBe('video');
    expect(iconOf('9')).toBe('archive');
    expect(iconOf(null)).toBe('document');
  });

  it('keeps one sort active, statusDate 1 by default', () => {
    expect(sortOf(null)).toEqual({ field: 'statusDate', order: 1 });
    expect(sortOf('downloadNum.0')).toEqual({ field: 'downloadNum', order: 0 });
    expect(sortOf('bogus.1')).toEqual({ field: 'statusDate', order: 1 });
    const flipped = toggleSort(sortOf(null), 'statusDate');
    expect(flipped).toEqual({ field: 'statusDate', order: 0 });
    expect(toggleSort(flipped, 'userName')).toEqual({ field: 'userName', order: 1 });
    expect(sortParams({ field: 'resourcesSize', order: 0 })).toEqual({ resourcesSize: 0 });
  });

  it('allows the spec’s extensions only, in any case', () => {
    expect(isAllowedFile('教案.DOCX')).toBe(true);
    expect(isAllowedFile('a.pdf')).toBe(true);
    expect(isAllowedFile('a.exe')).toBe(false);
    expect(isAllowedFile('noext')).toBe(false);
    expect(baseName('期中.试卷.pdf')).toBe('期中.试卷');
  });

  it('builds the share address on the site’s origin', () => {
    expect(shareAddress('http://x.cn', '/judgePage?resourcesId=1')).toBe(
      'http://x.cn/judgePage?resourcesId=1',
    );
    expect(shareAddress('http://x.cn', 'https://y.cn/a')).toBe('https://y.cn/a');
  });

  it('chooses a preview the browser can show', () => {
    expect(previewOf('image/png', 'a.png')).toBe('image');
    expect(previewOf('application/pdf', 'a.pdf')).toBe('pdf');
    expect(previewOf('video/mp4', 'a.mp4')).toBe('video');
    expect(previewOf('audio/mpeg', 'a.mp3')).toBe('audio');
    expect(previewOf('text/plain', 'a.txt')).toBe('text');
    expect(previewOf('application/zip', 'a.zip')).toBe(null);
  });

  it('reads the detail’s folder path', () => {
    expect(folderSteps('3/7,语文,数学/初一')).toEqual([
      { fid: 3, fname: '语文,数学' },
      { fid: 7, fname: '初一' },
    ]);
    expect(folderSteps('')).toEqual([]);
  });
});
