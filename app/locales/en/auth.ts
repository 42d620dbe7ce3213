export default {
  logout: 'Log out',
  loggedOut: 'You have logged out.',
  login: {
    title: 'Log in',
    heading: 'Log in',
    intro: 'Log in with your account or with an API key.',
    modeLabel: 'Login method',
    adminTab: 'Account',
    apiKeyTab: 'API key',
    username: 'Username',
    password: 'Password',
    apiKey: 'API key',
    apiKeyHint: 'Your key gives you the permissions an administrator granted it.',
    submit: 'Log in',
    submitting: 'Logging in…',
  },
};
