import { Navigate } from 'react-router';

/** goOpinionDna, `/go/opinion-dna`: a short link to the Opinion DNA page. */
export default function GoOpinionDnaPage() {
  return <Navigate to="/reports/my-opinion-dna" replace />;
}
