import { redirect } from 'react-router';

/** The platform opens on its first section. */
export const clientLoader = () => redirect('/cms/news');

export default function CmsIndex() {
  return null;
}
