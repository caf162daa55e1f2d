import { data, useLocation } from 'react-router';
import { NotFoundContent } from '~/web/components/layout/not-found-content';

/** The server answers a path without a page with HTTP 404 and this page. */
export function loader() {
  return data(null, { status: 404 });
}

/** Catch-all route: every path without a page shows the not-found page. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundContent pathname={pathname} />;
}
