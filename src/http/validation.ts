/**
 * Schema validation: query strings, params and headers are coerced from strings; JSON bodies are not
 * (a number where a string is expected is a 400, not silently converted). Unknown body fields are rejected.
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldProblem } from '../shared/errors.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const make = (coerce: boolean): Ajv => {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    strict: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'isFile', schemaType: 'boolean' });
  return ajv;
};

const bodyAjv = make(false);
const paramAjv = make(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : paramAjv;
  return ajv.compile(schema as object) as never;
};

const pathToField = (instancePath: string): string =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((seg, i) => (/^\d+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('');

/** Turns ajv errors into problem items that name the field. */
export function fieldProblems(errors: ErrorObject[] | readonly unknown[], context: string | undefined): FieldProblem[] {
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const raw of errors as ErrorObject[]) {
    let field = pathToField(raw.instancePath ?? '');
    let message = raw.message ?? 'is invalid';
    const p = raw.params as Record<string, unknown>;
    if (raw.keyword === 'required' && typeof p.missingProperty === 'string') {
      field = field ? `${field}.${p.missingProperty}` : p.missingProperty;
      message = 'is required';
    } else if (raw.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') {
      field = field ? `${field}.${p.additionalProperty}` : p.additionalProperty;
      message = 'is not a known field';
    } else if (raw.keyword === 'enum' && Array.isArray(p.allowedValues)) {
      message = `must be one of: ${p.allowedValues.join(', ')}`;
    } else if (raw.keyword === 'anyOf' || raw.keyword === 'oneOf') {
      continue;
    }
    if (!field && context === 'body') field = '(body)';
    const key = `${field}|${raw.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: field || context || '(request)', code: raw.keyword === 'required' ? 'required' : `invalid_${raw.keyword}`, message: `${field || context} ${message}` });
  }
  return out.length > 0 ? out : [{ field: context ?? '(request)', code: 'invalid', message: 'request is invalid' }];
}
