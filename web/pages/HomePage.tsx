import { Navigate, useLocation } from 'react-router';
import { appRoutes } from '../../contract/routes.ts';

/**
 * home, `/home`: the For You feed's other address. The server answers it with a permanent
 * redirect to `/`; a link inside the app lands here and is sent on the same way
 * (docs/decisions/073).
 */
export default function HomePage() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: appRoutes.opinionFeed, search, hash }} replace />;
}
