import { redirect } from 'react-router';

/** docs/product/spec.md §2: any other path redirects to Home, which says the page does not exist. */
export const loader = () => redirect('/?notice=notFound');
export const action = () => redirect('/?notice=notFound');
