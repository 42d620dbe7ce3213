import { redirect } from 'react-router';

/** spec §2: any other path redirects to Home. */
export const loader = () => redirect('/');
export const action = () => redirect('/');
