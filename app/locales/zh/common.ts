export default {
  appName: 'Cloudclip',
  tagline: '通过短链接分享文本和文件',
  skipToContent: '跳到正文',
  nav: {
    label: '主导航',
    home: '首页',
    upload: '文件上传',
    mountExplorer: '挂载浏览',
    admin: '管理',
    menu: '菜单',
    source: '源代码',
  },
  theme: {
    label: '主题',
    toggle: '主题：{{current}}。切换为{{next}}',
    auto: '自动',
    light: '浅色',
    dark: '深色',
  },
  language: {
    label: '语言',
    switchTo: '切换语言为{{language}}',
    en: 'English',
    zh: '中文',
  },
  footer: {
    copyright: '© {{year}} Cloudclip',
    version: '版本 {{version}}',
  },
  confirm: {
    cancel: '取消',
    working: '处理中…',
    andMore: '以及另外 {{count}} 个',
  },
  actions: {
    backHome: '返回首页',
    back: '返回',
    retry: '重试',
    close: '关闭',
  },
};
