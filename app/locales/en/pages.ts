export default {
  home: {
    title: 'Online clipboard',
    heading: 'Online clipboard',
    intro:
      'Paste text or Markdown and share it through a short link, with an optional password, expiry and view limit.',
  },
  upload: { title: 'Upload files', heading: 'Upload files' },
  paste: { title: 'Text share', heading: 'Text share' },
  file: { title: 'File share', heading: 'File share' },
  mountExplorer: { title: 'Mount explorer', heading: 'Mount explorer' },
  admin: {
    title: 'Admin',
    adminPanel: 'Admin panel',
    userPanel: 'User panel',
    dashboard: 'Dashboard',
    textManagement: 'Text management',
    fileManagement: 'File management',
    keyManagement: 'Key management',
    mountManagement: 'Mount management',
    storageConfig: 'Storage configuration',
    account: 'Account settings',
    globalSettings: 'Global settings',
    webdavSettings: 'WebDAV settings',
    sections: 'Admin sections',
  },
  missing: {
    heading: 'Not found',
    body: 'There is nothing at this link. Check the link, or ask the sender for a new one.',
  },
  gone: { heading: 'No longer available', body: 'It has expired or reached its limit, and has been deleted.' },
  unauthorized: { heading: 'Please log in', body: 'You need to log in to do this.', login: 'Log in' },
  forbidden: { heading: 'You cannot access this', body: 'You do not have permission for this.' },
  unavailable: {
    heading: 'Temporarily unavailable',
    body: 'A service Cloudclip needs is not answering right now. Please try again in a moment.',
  },
  notFound: {
    redirected: 'That page does not exist: here is the home page instead.',
    title: 'Page not found',
    heading: 'Page not found',
    body: 'The page you are looking for does not exist or has been removed.',
  },
  comingSoon: {
    heading: 'Not available yet',
    body: 'This part of Cloudclip is not built yet. It will arrive in a later release.',
  },
  error: {
    title: 'Something went wrong',
    heading: 'Something went wrong',
    body: 'The page could not be shown. Please try again.',
  },
  offline: {
    title: 'Offline',
    heading: 'This page is temporarily unavailable',
    body: 'You appear to be offline. Check your network connection and try again.',
  },
};
