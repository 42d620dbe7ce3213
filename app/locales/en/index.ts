import common from './common';
import errors from './errors';
import pages from './pages';

export default { common, errors, pages };
