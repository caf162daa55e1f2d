import { useLocation } from 'react-router';
import { NotFoundContent } from '~/web/components/layout/not-found-content';

/** Catch-all route: every path without a page (including `/` for now) shows the not-found page. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundContent pathname={pathname} />;
}
