/**
 * Typed application errors. Modules create them through factories in their
 * `<module>.errors.ts`; the HTTP layer renders them as RFC 9457 problem+json in one place.
 */
export interface FieldProblem {
  field?: string;
  code: string;
  message: string;
}

export interface AppErrorInit {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors?: FieldProblem[];
  /** Extra members merged into the problem body (e.g. a validation result). */
  extensions?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldProblem[] | undefined;
  readonly extensions: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(init: AppErrorInit) {
    super(init.detail);
    this.name = 'AppError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
    this.extensions = init.extensions;
    this.headers = init.headers;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const badRequest = (detail: string, errors?: FieldProblem[], code = 'bad_request'): AppError =>
  new AppError({ status: 400, code, title: 'Bad Request', detail, ...(errors ? { errors } : {}) });

export const notFound = (what: string): AppError =>
  new AppError({ status: 404, code: 'not_found', title: 'Not Found', detail: `${what} not found` });

export const conflict = (detail: string, code = 'conflict'): AppError =>
  new AppError({ status: 409, code, title: 'Conflict', detail });

/** An answer an error carries itself, when it is not problem+json (the token route's RFC 6749 bodies). */
export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** An error that renders itself: the error handler sends its response() as it is. */
export abstract class RenderedError extends Error {
  abstract response(): ErrorResponse;
}

export const isRenderedError = (e: unknown): e is RenderedError => e instanceof RenderedError;
