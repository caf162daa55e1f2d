/** The auth screens' own paths (the sign-in path itself is SIGN_IN_PATH of require-auth). */
export const REGISTER_PATH = '/auth/register';
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
