import { useEffect } from 'react';
import { useParams } from 'react-router';
import { pageTitle, type AppRouteName } from '../../contract/routes.ts';

/**
 * Keeps document.title in step with the route (the server sends the same title in the first
 * HTML). `subject` is the loaded object's title, e.g. an opinion's; pass `null` while it loads to
 * leave the current title alone rather than flash a generic one.
 */
export function usePageTitle(name: AppRouteName, subject?: string | null) {
  const params = useParams();
  const title =
    subject === null ? null : pageTitle(name, params as Record<string, string>, subject);
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}
