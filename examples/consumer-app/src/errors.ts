/** Application error codes shown to operators; E1xxx are input errors, E2xxx upstream failures. */
export const APP_ERRORS = {
  E1001: 'The CSV file has no header row',
  E1002: 'Unknown location name in row',
  E1003: 'Extension already taken',
  E1004: 'Phone number is not in E.164 format',
  E2001: 'Webex API unavailable, retry later',
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;

export class AppError extends Error {
  constructor(readonly code: AppErrorCode, detail?: string) {
    super(`${code}: ${APP_ERRORS[code]}${detail ? ` (${detail})` : ''}`);
  }
}

export function isInputError(err: unknown): boolean {
  return err instanceof AppError && (err.code === 'E1001' || err.code === 'E1002' || err.code === 'E1003');
}

/** HTTP status of our own provisioning API for an error. */
export function statusFor(err: AppError): number {
  switch (err.code) {
    case 'E1001':
    case 'E1004':
      return 422;
    default:
      return 500;
  }
}
