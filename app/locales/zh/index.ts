import common from './common';
import errors from './errors';
import pages from './pages';
import auth from './auth';
import keys from './keys';
import account from './account';

export default { common, errors, pages, auth, keys, account };
