/**
 * The login form's own checks before it calls the server (which checks again): both fields
 * required, the e-mail shaped like one. Values are locale message keys.
 */
export interface LoginErrors {
  email?: string;
  password?: string;
}

/** A deliberately loose shape check (the server's zod e-mail rule decides). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin({ email, password }: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'common.required';
  else if (!EMAIL_SHAPE.test(email.trim())) errors.email = 'login.emailInvalid';
  if (!password) errors.password = 'common.required';
  return errors;
}
