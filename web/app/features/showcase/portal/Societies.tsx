import { Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { SOCIETY_CATEGORIES, societiesOf, type Society } from './media-societies';
import { slashPath } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';
import { EmptyState } from '../../../components/ui/EmptyState';

/** The dialog's width (portal spec §9). */
const DIALOG_WIDTH = 1040;

export const societyTabHref = (type: number) => `/media?newsNum=9&associationType=${type}`;

/**
 * The societies view (media?newsNum=9): six category tabs, each society's
 * logo and name; a click opens its large picture in a dialog. Tabs and tiles
 * are links, so without JavaScript the tabs still switch and a tile opens the
 * picture itself.
 */
export function Societies({ societies, current }: { societies: Society[]; current: number }) {
  const [open, setOpen] = useState<Society | null>(null);
  const shown = societiesOf(societies, current);
  return (
    <div className="societies">
      <nav className="society-tabs" aria-label="社团类别">
        {SOCIETY_CATEGORIES.map((category) => (
          <Link
            key={category.type}
            to={societyTabHref(category.type)}
            preventScrollReset
            className={category.type === current ? 'active' : undefined}
            aria-current={category.type === current ? 'page' : undefined}
          >
            {category.label}
          </Link>
        ))}
      </nav>
      {shown.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="society-grid">
          {shown.map((society) => (
            <li key={society.associationId}>
              <a
                className="society-tile"
                href={slashPath(society.associationPic || society.associationLog) || undefined}
                target="_blank"
                rel="noreferrer"
                onClick={(event) => {
                  event.preventDefault();
                  setOpen(society);
                }}
              >
                <SafeImage thumb src={society.associationLog} alt="" className="society-logo" />
                <span className="society-name">{society.associationName}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={open !== null}
        width={DIALOG_WIDTH}
        title={open?.associationName}
        footer={null}
        centered
        onCancel={() => setOpen(null)}
      >
        {open && (
          <figure className="society-picture">
            <SafeImage
              src={open.associationPic || open.associationLog}
              alt={open.associationName}
              loading="eager"
            />
            <figcaption>{open.associationName}</figcaption>
          </figure>
        )}
      </Modal>
    </div>
  );
}
