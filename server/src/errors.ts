/**
 * An error a user may see: a stable `code` for programs (GraphQL `extensions.code`) and a clear
 * message for people. Codes and messages are listed in docs/errors.md.
 */
export class AppError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export const Errors = {
  invalidCredentials: () =>
    new AppError('InvalidCredentials', 'Login faild due to invalid credentials'),
  userInactive: () =>
    new AppError('UserInactive', 'This user is deactivated. Ask an administrator for access.'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new AppError('TooManyLoginAttempts', 'Too many sign-in attempts. Try again later.', {
      retryAfterSeconds,
    }),
  invalidPassword: () => new AppError('invalid_password', 'Current password is invalid'),
  weakPassword: () =>
    new AppError(
      'WeakPassword',
      'The password needs at least 8 characters, with a digit, a special character, a lowercase and an uppercase letter.',
    ),
  jwtExpired: () => new AppError('JwtTokenExpired', 'The access token has expired.'),
  invalidJwt: () => new AppError('invalid-jwt', 'The access token is invalid.'),
  invalidRefreshToken: () =>
    new AppError('InvalidRefreshToken', 'The session has ended. Please sign in again.'),
  notSignedIn: () => new AppError('NotSignedIn', 'You need to sign in.'),
  forbidden: (scope: string) =>
    new AppError('Forbidden', `You don't have the permission for this action (${scope}).`),
  accountNotFound: (id: string) => new AppError('AccountNotFound', `Account '${id}' doesn't exist`),
  userNotFound: () => new AppError('UserNotFound', 'User not found'),
  usernameTaken: () => new AppError('UsernameTaken', 'This username is already taken.'),
  roleNotFound: () => new AppError('RoleNotFound', 'The role not found'),
  cannotDeactivateSelf: () =>
    new AppError('CannotDeactivateSelf', 'You cannot deactivate your own user.'),
  defaultAccountNotSet: (userId: string) =>
    new AppError(
      'DefaultAccountNotSet',
      'The user has been created, but failed to set its account as default.',
      { userId },
    ),
  avatarNotAllowed: () =>
    new AppError('AvatarNotAllowed', 'Cannot use this file as the avatar: upload an image first.'),
  invalidInput: (message: string) => new AppError('InvalidInput', message),
} as const;
