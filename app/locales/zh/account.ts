export default {
  intro: '你的登录信息：用户名与密码（修改后所有设备都会退出登录）、两步验证、应用密码，以及你在哪些地方登录。',
  signedInAs: '当前登录：{{username}}',
  currentPassword: '当前密码',
  newUsername: '新用户名',
  newUsernameHint: '留空则保持“{{username}}”不变。',
  newPassword: '新密码',
  newPasswordHint: '至少 8 个字符。留空则保持当前密码不变。',
  confirmPassword: '确认新密码',
  passwordMismatch: '两次输入的新密码不一致',
  submit: '保存修改',
  submitting: '正在保存…',
  done: {
    heading: '账号已更新',
    body: '所有会话均已结束。请使用新的信息重新登录。',
    countdown: '{{seconds}} 秒后将退出登录',
    loginNow: '立即登录',
  },
};
