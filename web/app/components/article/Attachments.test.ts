import { describe, expect, it } from 'vitest';
import { attachmentHref } from './Attachments';

const file = { fileName: '校历.pdf', caption: null };

describe('attachmentHref (portal.md §7 "Attachment download")', () => {
  it('opens a new file through the FJXZ address with its id', () => {
    expect(
      attachmentHref({ ...file, fileId: 12, filePath: '/api/files/12', oldfile: 0 }, '/'),
    ).toBe('/api/news/uploadnewfile.do?FILE_ID=12');
    expect(
      attachmentHref(
        { ...file, fileId: 12, filePath: '/api/files/12', oldfile: 0 },
        'https://files.school.example',
      ),
    ).toBe('https://files.school.example/api/news/uploadnewfile.do?FILE_ID=12');
  });
  it('opens a file of the old site by its own path, with slashes', () => {
    expect(
      attachmentHref(
        { ...file, fileId: null, filePath: '\\upload\\old\\校历.pdf', oldfile: 1 },
        '/',
      ),
    ).toBe('/upload/old/校历.pdf');
  });
});
