import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { isActivePath } from './nav-links.js';

/** The public pages' titles; the landing page is titled by the lodge's name alone. */
const PUBLIC_TITLES: [string, string][] = [
  ['/accommodations', 'Accommodations'],
  ['/booking-confirmation', 'Booking Confirmation'],
  ['/booking', 'Book Your Stay'],
  ['/payment-return', 'Payment'],
  ['/my-booking', 'My Booking'],
  ['/contact', 'Contact Us'],
  ['/auth', 'Sign In'],
];

/** The page's part of the title for a public path; undefined for the landing page. */
export function publicPageTitle(pathname: string): string | undefined {
  return PUBLIC_TITLES.find(([to]) => isActivePath(to, pathname))?.[1];
}

/**
 * Sets document.title to "<page> · <Lodge name>" (the lodge's name from the public settings),
 * so tabs, bookmarks and history carry the lodge's own name. Renders nothing. Until the
 * settings load, index.html's generic title stays.
 */
export function DocumentTitle({ title }: { title?: string }) {
  const lodgeName = usePublicSettings().data?.lodgeName;
  useEffect(() => {
    if (lodgeName) document.title = title ? `${title} · ${lodgeName}` : lodgeName;
  }, [title, lodgeName]);
  return null;
}

/** The public layout's title: from the path. */
export function PublicDocumentTitle() {
  return <DocumentTitle title={publicPageTitle(useLocation().pathname)} />;
}
