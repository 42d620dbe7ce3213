import common from './common';
import errors from './errors';
import pages from './pages';
import auth from './auth';
import storageTest from './storageTest';
import keys from './keys';
import account from './account';
import paste from './paste';
import textAdmin from './textAdmin';
import upload from './upload';
import file from './file';
import mounts from './mounts';
import explorer from './explorer';
import storage from './storage';
import fileAdmin from './fileAdmin';
import settings from './settings';
import stats from './stats';
import dashboard from './dashboard';
import pwa from './pwa';
import env from './env';
import apiDocs from './apiDocs';
import request from './request';
import requestAdmin from './requestAdmin';
import audit from './audit';
import backups from './backups';
import bin from './bin';
import accounts from './accounts';

export default {
  common,
  errors,
  pages,
  auth,
  keys,
  account,
  textAdmin,
  paste,
  storageTest,
  storage,
  fileAdmin,
  settings,
  stats,
  dashboard,
  pwa,
  env,
  apiDocs,
  audit,
  backups,
  bin,
  accounts,
  request,
  requestAdmin,
  upload,
  file,
  mounts,
  explorer,
};
