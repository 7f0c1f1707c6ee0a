import type { ErrorMap } from '@pxl/contract';

/** An expected failure with its HTTP status and the envelope's error map. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly errors: ErrorMap,
  ) {
    super(Object.values(errors).join('; '));
  }
}

export const badRequest = (field: string, message: string) => new AppError(400, { [field]: message });
export const unauthorized = (message = 'Unauthorized. Please log in.') => new AppError(401, { auth: message });
export const forbidden = (message = "Access forbidden. You don't have permission.") =>
  new AppError(403, { access: message });
export const notFound = (what = 'Record') => new AppError(404, { not_found: `${what} not found` });
export const tooManyRequests = (retryAfterSec: number) =>
  new AppError(429, {
    rate_limit: `Too many attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSec / 60))} min.`,
  });
