import { redirect } from 'react-router';

/** docs/product/spec.md §2: any other path redirects to Home. */
export const loader = () => redirect('/');
export const action = () => redirect('/');
