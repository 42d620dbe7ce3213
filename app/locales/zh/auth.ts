export default {
  logout: '退出登录',
  loggedOut: '你已退出登录。',
  login: {
    title: '登录',
    heading: '登录',
    intro: '使用你的账号或 API 密钥登录。',
    modeLabel: '登录方式',
    adminTab: '账号',
    apiKeyTab: 'API 密钥',
    username: '用户名',
    password: '密码',
    apiKey: 'API 密钥',
    apiKeyHint: '密钥拥有管理员为其授予的权限。',
    submit: '登录',
    submitting: '正在登录…',
  },
};
