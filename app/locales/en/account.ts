export default {
  intro:
    'Your sign-in: username and password (changing them logs you out everywhere), two-step verification, app passwords and where you are signed in.',
  signedInAs: 'Signed in as {{username}}',
  currentPassword: 'Current password',
  newUsername: 'New username',
  newUsernameHint: 'Leave empty to keep “{{username}}”.',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters. Leave empty to keep the current password.',
  confirmPassword: 'Confirm new password',
  passwordMismatch: 'The two new passwords do not match',
  submit: 'Save changes',
  submitting: 'Saving…',
  done: {
    heading: 'Account updated',
    body: 'Every session has been ended. Log in again with your new details.',
    countdown: 'You will be logged out in {{seconds}} s',
    loginNow: 'Log in now',
  },
};
