import type { PreviousUpload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { percentOf, previousFor, refusalOf, storedFileOf } from './tus-upload';

/** A tus response as tus-js-client hands it over. */
const response = (status: number, body: string, headers: Record<string, string> = {}) => ({
  getStatus: () => status,
  getBody: () => body,
  getHeader: (name: string) => headers[name],
  getUnderlyingObject: () => null,
});

const earlier = (sType: string, creationTime: string): PreviousUpload => ({
  size: 10,
  metadata: { filename: 'a.txt', sType },
  creationTime,
  urlStorageKey: `tus::${creationTime}`,
  uploadUrl: `/api/resources/tus/${creationTime}`,
  parallelUploadUrls: null,
});

describe('the drive tus upload helpers', () => {
  it('reads the stored file from the last PATCH headers', () => {
    const last = response(204, '', {
      'X-File-Url': '/api/files/42',
      'X-File-Name': encodeURIComponent('期末 复习.txt'),
      'X-File-Size': '104857600',
    });
    expect(storedFileOf(last, 'picked.txt')).toEqual({
      url: '/api/files/42',
      fileName: '期末 复习.txt',
      fileSize: 104857600,
    });
    expect(storedFileOf(response(204, ''), 'picked.txt')).toBeUndefined();
  });

  it("turns a refusal into the server's Chinese message", () => {
    const refused = {
      originalResponse: response(
        400,
        JSON.stringify({ status: 400, msg: '上传文件格式不正确!', data: null }),
      ),
    };
    const error = refusalOf(refused);
    expect(error.message).toBe('上传文件格式不正确!');
    expect(error.status).toBe(400);

    expect(refusalOf({ originalResponse: response(502, '<html>Bad Gateway</html>') }).message).toBe(
      '上传失败，请稍后再试',
    );
    expect(refusalOf(new Error('tus: failed to upload chunk at offset 0')).message).toBe(
      '网络错误，上传失败',
    );
  });

  it('goes on with the newest earlier upload into the same space only', () => {
    const list = [
      earlier('0', '2026-11-25T08:00:00.000Z'),
      earlier('0', '2026-11-25T09:00:00.000Z'),
      earlier('1', '2026-11-25T10:00:00.000Z'),
    ];
    expect(previousFor(list, 0)?.creationTime).toBe('2026-11-25T09:00:00.000Z');
    expect(previousFor(list, 1)?.creationTime).toBe('2026-11-25T10:00:00.000Z');
    expect(previousFor(list.slice(0, 2), 1)).toBeUndefined();
  });

  it('counts whole percents, 100 only when all arrived', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
