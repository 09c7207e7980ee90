// The auth feature's public entry: what other features may use (the profile page edits the account
// with the same forms, fields and calls as sign-up). Everything else in features/auth is private;
// `npm run lint:deps` fails on a deep import from another feature.
export { addPhoneNumber } from './api/add-phone-number';
export { changePassword } from './api/change-password';
export { confirmCode } from './api/confirm-code';
export { deleteAccount } from './api/delete-account';
export { logoutEverywhere } from './api/logout-everywhere';
export { resendCode } from './api/resend-code';
export { markCodeSent } from './code-delivery';
export { FormAlert, PasswordField, SubmitButton, TextField, useAccountForm } from './components/account-form';
export { CodeField } from './components/code-field';
export { PhoneField } from './components/phone-field';
export { ResendCodeButton } from './components/resend-code-button';
