/**
 * A JSON value kept as the text it was stored as (e.g. a parsing result read from the database with
 * `::text`): the HTTP serializer writes the text as it is, without parsing and stringifying it again.
 * Anything else that stringifies it (a webhook body, a test) gets the parsed value through toJSON.
 */
export class RawJson<T = unknown> {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

/** Where a typed route expects the value: the serializer writes the text (see src/http/serializer.ts). */
export const asValue = <T>(raw: RawJson<T>): T => raw as unknown as T;

/**
 * The keyword that marks a top-level response property whose value may be a RawJson, or an array of
 * them (a list's items); the whole body may also be one.
 */
export const RAW_JSON_KEYWORD = 'x-raw-json';
