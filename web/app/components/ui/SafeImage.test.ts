import { describe, expect, it } from 'vitest';
import { thumbnailOf } from './SafeImage';

describe('thumbnailOf', () => {
  it('asks for the thumbnail of a stored picture only', () => {
    expect(thumbnailOf('/api/files/12')).toBe('/api/files/12?variant=thumb');
    expect(thumbnailOf('/upload/2019/a.jpg')).toBe('/upload/2019/a.jpg');
    expect(thumbnailOf('https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
    expect(thumbnailOf('')).toBe('');
  });
});
