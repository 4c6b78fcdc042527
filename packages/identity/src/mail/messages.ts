/** What the pool sends, with Cognito's default texts ({####} is the code or temporary password). */
const MESSAGES = {
  SIGN_UP: { subject: 'Your verification code', text: 'Your verification code is {####}. ' },
  FORGOT_PASSWORD: { subject: 'Your password reset code', text: 'Your password reset code is {####}. ' },
  VERIFY_ATTRIBUTE: { subject: 'Your verification code', text: 'Your verification code is {####}. ' },
  SMS_MFA: { subject: 'Your authentication code', text: 'Your authentication code is {####}. ' },
  SIGN_IN_CODE: { subject: 'Your sign-in code', text: 'Your sign-in code is {####}. ' },
  INVITATION: {
    subject: 'Your temporary password',
    text: 'Your username is {username} and temporary password is {####}. ',
  },
} as const;

export type MessageKind = keyof typeof MESSAGES;

export function render(kind: MessageKind, username: string, code: string): { subject: string; body: string } {
  const { subject, text } = MESSAGES[kind];
  return { subject, body: text.replace('{username}', username).replace('{####}', code) };
}
