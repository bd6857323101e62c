import type { IntroContent } from './intro-page';
import { plainText } from '../../../lib/text';

/** What a shared link of the view shows: the open item's or tab's title, a description and a picture. */
export function introMetaOf(content: IntroContent): {
  itemTitle?: string;
  description: string;
  image?: string;
} {
  switch (content.kind) {
    case 'page':
      return { description: plainText(content.page?.wwfzCont), image: content.page?.wwfzPic };
    case 'pageTabs':
      return {
        itemTitle: content.current?.wwfzTitle,
        description: plainText(content.current?.wwfzCont),
        image: content.current?.wwfzPic,
      };
    case 'leaders':
    case 'pageList':
      return content.item
        ? {
            itemTitle: content.item.wwfzTitle,
            description: content.item.wwfzDesc || plainText(content.item.wwfzCont),
            image: content.item.wwfzPic,
          }
        : {
            description: content.page.list.map((p) => p.wwfzTitle).join('；'),
            image: content.page.list[0]?.wwfzPic,
          };
    case 'principals':
      return { description: content.page.list.map((p) => p.fmsmTitle).join('、') };
    case 'people':
      return content.item
        ? {
            itemTitle: content.item.fmsmTitle,
            description: content.item.fmsmDesc || plainText(content.item.fmsmCont),
            image: content.item.fmsmPic,
          }
        : {
            description: content.page.list.map((p) => p.fmsmTitle).join('、'),
            image: content.page.list[0]?.fmsmPic,
          };
    case 'impressions':
      return { description: '似水流年、最美校园与视频中心：在图片和影像里认识我们的学校。' };
  }
}
