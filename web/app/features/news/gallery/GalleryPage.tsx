import { Link } from 'react-router';
import { GALLERY_PAGE_SIZE, type GalleryPageData } from './gallery-list';
import { SafeImage } from '../../../components/ui/SafeImage';
import { Crumbs } from '../../../components/ui/Crumbs';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageCover } from '../../../components/ui/PageCover';
import { Pager } from '../../../components/ui/Pager';
import { GALLERIES, galleryOf, picDetailHref } from './galleries';

/** The picture centre's sidebar: its two galleries. */
function GalleryTabs({ current }: { current: number }) {
  return (
    <nav className="side-tabs" aria-label="图片中心">
      <h2>图片中心</h2>
      <ul>
        {GALLERIES.map((g) => (
          <li key={g.typeId}>
            <Link
              to={g.path}
              className={g.typeId === current ? 'active' : undefined}
              aria-current={g.typeId === current ? 'page' : undefined}
            >
              {g.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A gallery (picture, sylyPicture): cover, the two galleries, a three-column photo grid, pages. */
export function GalleryPage({ typeId, pageNum, page, cover }: GalleryPageData) {
  const gallery = galleryOf(typeId);
  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="图片中心" heading />
      <div className="container section-body">
        <GalleryTabs current={gallery.typeId} />
        <section className="section-main" aria-label={gallery.label}>
          <Crumbs items={[{ label: '图片中心', to: '/picture' }, { label: gallery.label }]} />
          {page.list.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="photo-grid">
              {page.list.map((item) => (
                <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                  <Link to={picDetailHref(item.newId, gallery.typeId)} title={item.newsTitle}>
                    <span className="photo-frame">
                      <SafeImage thumb src={item.imgUrl} alt={item.newsTitle} />
                    </span>
                    <span className="photo-title">
                      {item.ifTop === 1 && <span className="top-badge">顶</span>}
                      {item.newsTitle}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pager total={page.total} pageNum={pageNum} pageSize={GALLERY_PAGE_SIZE} />
        </section>
      </div>
    </main>
  );
}
