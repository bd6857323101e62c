import { describe, expect, it } from 'vitest';
import { latestTopic, topicHref } from './topic-links';

describe('latestTopic', () => {
  it('takes the newest by shelves date, not the pinned first row', () => {
    const items = [
      { newId: 1, shelvesDate: '2026-03-01 08:00:00' },
      { newId: 2, shelvesDate: '2026-05-02 09:30:00' },
      { newId: 3, shelvesDate: '2026-05-02 09:00:00' },
    ];
    expect(latestTopic(items)?.newId).toBe(2);
  });
  it('keeps the first of equal dates', () => {
    const items = [
      { newId: 1, shelvesDate: '2026-05-02 09:00:00' },
      { newId: 2, shelvesDate: '2026-05-02 09:00:00' },
    ];
    expect(latestTopic(items)?.newId).toBe(1);
  });
  it('has none for no topics', () => {
    expect(latestTopic([])).toBeUndefined();
  });
});

describe('topicHref', () => {
  it('links the topic page with its encoded title', () => {
    expect(topicHref({ newId: 7, newsTitle: '劳动教育 & 实践', typeId: 4 })).toBe(
      '/newspecialDetail?newId=7&newsNum=4&newspecialTitle=%E5%8A%B3%E5%8A%A8%E6%95%99%E8%82%B2%20%26%20%E5%AE%9E%E8%B7%B5&typeId=4',
    );
  });
});
