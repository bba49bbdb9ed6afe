/**
 * Control characters in client strings are refused at the edge as a 400 naming the field.
 * PostgreSQL cannot store U+0000 in text (it answered 500 for a NUL in a file name, an ext id,
 * bank-account JSON or an idPratica), and the other C0 controls have no business in ids, names
 * or amounts. Tab, line feed and carriage return stay allowed: free-text fields carry them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, type AppError } from '../shared/errors.ts';
import { oauthInvalidRequest } from './errors.ts';

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlChar = (s: string): boolean => CONTROL.test(s);

/**
 * The path of the first string (key or value) in `value` holding a control character, or null.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findControlChar(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return path || '(body)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const p = path ? `${path}.${k}` : k;
        if (CONTROL.test(k)) return p;
        stack.push([child, p]);
      }
    }
  }
  return null;
}

export function controlCharError(field: string): AppError {
  const message = `${field} must not contain control characters (U+0000-U+001F except tab and line breaks, U+007F)`;
  return badRequest(message, [{ field, code: 'control_character', message }], 'control_character');
}

function check(req: FastifyRequest): void {
  const field =
    findControlChar(req.params, '') ??
    findControlChar(req.query, '') ??
    (typeof req.body === 'object' ? findControlChar(req.body, '') : null);
  if (field === null) return;
  if (req.routeOptions.config?.oauth)
    throw oauthInvalidRequest(`${field} must not contain control characters`);
  throw controlCharError(field);
}

/** Registers the check before schema validation on every route (multipart fields are checked where they are read). */
export function registerControlCharGuard(app: FastifyInstance): void {
  // With `done`, not async: the check never waits, and it runs on every request.
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      check(req);
    } catch (e) {
      done(e as Error);
      return;
    }
    done();
  });
}
