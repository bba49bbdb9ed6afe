/**
 * Response serialization: fast-json-stringify compiled from each route's response schema (Fastify's own
 * compiler does the same), with two changes for the read paths:
 * - `anyOf: [X, {type: 'null'}]` (TypeBox's nullable) is serialized as `type: [X.type, 'null']`:
 *   fast-json-stringify otherwise runs an Ajv validation of the value against each branch on every
 *   response to choose one (a 70 KB parsing result was validated on each GET file).
 * - a top-level property marked `x-raw-json` whose value is a RawJson (stored JSON text) is written as
 *   that text: no parse and no stringify of a stored result; any other value is JSON.stringify'd.
 * The OpenAPI document keeps the schemas as written.
 */
import fastJsonStringify from 'fast-json-stringify';
import { RAW_JSON_KEYWORD, RawJson } from '../shared/raw-json.ts';

type Schema = Record<string, unknown>;
const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema with nullable anyOfs turned into type arrays, wherever they are (copy; input untouched). */
export function flattenNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(flattenNullable);
  if (!isObj(schema)) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = flattenNullable(v);
  const any = out.anyOf;
  if (Array.isArray(any) && any.length === 2) {
    const nullAt = any.findIndex((b) => isObj(b) && b.type === 'null' && Object.keys(b).length === 1);
    const other = any[1 - nullAt];
    if (nullAt >= 0 && isObj(other) && typeof other.type === 'string' && other.$ref === undefined && other.anyOf === undefined && other.oneOf === undefined) {
      const { anyOf: _drop, ...rest } = out;
      return { ...other, ...rest, type: [other.type, 'null'] };
    }
  }
  return out;
}

type Serialize = (data: unknown) => string;

/** A raw-capable property: RawJson → its text; an array → each element's text or serialization; else the schema's. */
function rawCapable(schema: Schema, compile: (s: Schema) => Serialize): Serialize {
  const whole = compile(schema);
  const item = schema.type === 'array' && isObj(schema.items) ? compile(schema.items) : null;
  return (v) => {
    if (v instanceof RawJson) return v.text;
    if (item && Array.isArray(v)) {
      let out = '[';
      for (let i = 0; i < v.length; i++) {
        const e: unknown = v[i];
        out += (i > 0 ? ',' : '') + (e instanceof RawJson ? e.text : item(e));
      }
      return `${out}]`;
    }
    return whole(v);
  };
}

function withRawProperties(schema: Schema, compile: (s: Schema) => Serialize): Serialize {
  const props = isObj(schema.properties) ? schema.properties : {};
  const raw = Object.keys(props).filter((k) => isObj(props[k]) && props[k][RAW_JSON_KEYWORD] === true);
  // With additional properties allowed the raw ones would be written twice: RawJson's toJSON serves there.
  if (raw.length === 0 || schema.additionalProperties) {
    const all = compile(schema);
    return (data) => (data instanceof RawJson ? data.text : all(data));
  }
  const rest: Schema = { ...schema, properties: Object.fromEntries(Object.entries(props).filter(([k]) => !raw.includes(k))) };
  if (Array.isArray(schema.required)) rest.required = schema.required.filter((r) => !raw.includes(r as string));
  const inner = compile(rest);
  const keys = raw.map((k) => `${JSON.stringify(k)}:`);
  const values = raw.map((k) => rawCapable(props[k] as Schema, compile));
  return (data) => {
    if (data instanceof RawJson) return data.text;
    const head = inner(data);
    let tail = '';
    for (let i = 0; i < raw.length; i++) {
      const v = (data as Schema)[raw[i]!];
      if (v === undefined) continue;
      tail += `,${keys[i]}${values[i]!(v)}`;
    }
    if (!tail) return head;
    return head === '{}' ? `{${tail.slice(1)}}` : `${head.slice(0, -1)}${tail}}`;
  };
}

/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
export function buildSerializer(externalSchemas: unknown, serializerOpts: object | undefined) {
  const ext = isObj(externalSchemas) ? (flattenNullable(externalSchemas) as Schema) : {};
  return ({ schema }: { schema?: unknown }): Serialize => {
    let refs = ext;
    const s = flattenNullable(schema) as Schema;
    if (typeof s.$id === 'string' && refs[s.$id]) {
      refs = { ...refs };
      delete refs[s.$id];
    }
    return withRawProperties(s, (x) => fastJsonStringify(x as never, { ...(serializerOpts ?? {}), schema: refs } as never) as unknown as Serialize);
  };
}
