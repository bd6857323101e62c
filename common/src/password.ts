/**
 * The password strength rule of the intranet spec §5: 6 to 16 characters that
 * combine at least three of upper case, lower case, digits and special symbols.
 * The server applies it when a password is changed and when it decides
 * `whetherpass` at login; the pages apply it before sending.
 */
export const PASSWORD_RULE_MESSAGE =
  '密码须为6-16位，且至少包含大写字母、小写字母、数字、特殊符号中的三种';

const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

export function isStrongPassword(password: string): boolean {
  const length = [...password].length;
  if (length < 6 || length > 16) return false;
  if (/\s/.test(password)) return false;
  return CLASSES.filter((pattern) => pattern.test(password)).length >= 3;
}
