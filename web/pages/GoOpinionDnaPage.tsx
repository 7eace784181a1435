import { Navigate, redirect } from 'react-router';

const target = '/reports/my-opinion-dna';

/** Followed before anything renders: on the server an HTTP redirect, in the browser a navigation. */
export const loader = () => redirect(target);

/** goOpinionDna, `/go/opinion-dna`: a short link to the Opinion DNA page. */
export default function GoOpinionDnaPage() {
  return <Navigate to={target} replace />;
}
