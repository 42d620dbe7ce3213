export default {
  appName: 'Cloudclip',
  tagline: 'Share text and files through short links',
  skipToContent: 'Skip to content',
  nav: {
    label: 'Main navigation',
    home: 'Home',
    upload: 'Upload',
    mountExplorer: 'Mount explorer',
    admin: 'Admin',
    menu: 'Menu',
    source: 'Source code',
  },
  theme: {
    label: 'Theme',
    toggle: 'Theme: {{current}}. Switch to {{next}}',
    auto: 'Auto',
    light: 'Light',
    dark: 'Dark',
  },
  language: {
    label: 'Language',
    switchTo: 'Switch language to {{language}}',
    en: 'English',
    zh: '中文',
  },
  footer: {
    copyright: '© {{year}} Cloudclip',
    version: 'Version {{version}}',
  },
  confirm: {
    cancel: 'Cancel',
    working: 'Working…',
    andMore: 'and {{count}} more',
  },
  actions: {
    backHome: 'Back to home',
    back: 'Back',
    retry: 'Retry',
    close: 'Close',
  },
};
