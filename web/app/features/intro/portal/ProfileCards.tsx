import { Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { truncate } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';
import { RichText } from '../../../components/article/RichText';

export interface Profile {
  id: number;
  name: string;
  /** Post or title, under the name. */
  role?: string | null;
  summary?: string | null;
  photo: string;
  /** The full text; without it the card has no 更多. */
  html?: string;
  /** The same page showing this person's full text, for a click before JavaScript loads. */
  href: string;
}

/** Characters of a person's description on a card; the dialog shows all of it. */
const CARD_SUMMARY_LENGTH = 40;

/**
 * Cards of people: photo, name, post. 更多 opens the full text in a dialog;
 * it is a link to the person's own view, so it also works without JavaScript.
 */
export function ProfileCards({ label, people }: { label: string; people: Profile[] }) {
  const [open, setOpen] = useState<Profile | null>(null);
  return (
    <>
      <ul className="profile-cards" aria-label={label}>
        {people.map((person) => (
          <li key={person.id} className="profile-card">
            <SafeImage thumb src={person.photo} alt={person.name} className="profile-photo" />
            <div className="profile-text">
              <h3>{person.name}</h3>
              {person.role && <p className="profile-role">{person.role}</p>}
              {person.summary && (
                <p className="profile-summary" title={person.summary}>
                  {truncate(person.summary, CARD_SUMMARY_LENGTH)}
                </p>
              )}
              {person.html && (
                <Link
                  to={person.href}
                  className="profile-more"
                  aria-label={`更多：${person.name}`}
                  onClick={(event) => {
                    event.preventDefault();
                    setOpen(person);
                  }}
                >
                  更多
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={open !== null}
        title={open?.name}
        footer={null}
        width={760}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        {open && <ProfileBody person={open} />}
      </Modal>
    </>
  );
}

/** A person's full text, in the dialog and on the person's own view. */
export function ProfileBody({ person, heading }: { person: Profile; heading?: boolean }) {
  return (
    <article className="profile-body">
      <SafeImage thumb src={person.photo} alt={person.name} className="profile-photo" />
      <div className="profile-text">
        {heading && <h2>{person.name}</h2>}
        {person.role && <p className="profile-role">{person.role}</p>}
        {person.summary && <p className="profile-summary">{person.summary}</p>}
        <RichText html={person.html ?? ''} />
      </div>
    </article>
  );
}
