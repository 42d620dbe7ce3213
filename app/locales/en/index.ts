import common from './common';
import errors from './errors';
import pages from './pages';
import auth from './auth';
import storageTest from './storageTest';
import keys from './keys';
import account from './account';
import paste from './paste';
import textAdmin from './textAdmin';

export default { common, errors, pages, auth, keys, account, textAdmin, paste, storageTest };
