/** The media channels (media?newsNum=...): news types 6-8, and 9 the student societies. */
export const MEDIA_CHANNELS = [
  { newsNum: 6, label: '校友频道' },
  { newsNum: 7, label: '教师频道' },
  { newsNum: 8, label: '学生频道' },
  { newsNum: 9, label: '学生社团' },
] as const;

export const SOCIETIES_CHANNEL = 9;

export const channelLabel = (newsNum: number): string =>
  MEDIA_CHANNELS.find((c) => c.newsNum === newsNum)?.label ?? '校园媒体';

export const MEDIA_TABS = MEDIA_CHANNELS.map((c) => ({
  key: c.newsNum,
  label: c.label,
  to: `/media?newsNum=${c.newsNum}`,
}));

export const mediaDetailHref = (newId: number, typeId: number) =>
  `/mediaDetail?newId=${newId}&newsNum=${typeId}&typeId=${typeId}`;
