import { describe, expect, it } from 'vitest';
import { JsonBytes, stringifyWithBytes } from './json-bytes.ts';

describe('JSON held as bytes', () => {
  const result = { iban: { value: 'IT60X0542811101000000123456' }, transactions: [{ description: 'CAFFÈ "BAR" €\u0001', amount: -1.5 }] };
  const bytes = () => new JsonBytes(Buffer.from(JSON.stringify(result)));

  it('a value with JSON bytes inside is written as JSON.stringify of the decoded value, the bytes copied in as they are', () => {
    const view = { file_id: 'f', parsing_status: 'completed', parsing_result: bytes(), errors: [{ code: 'x', message: 'a "quoted" \u0001 text' }], list: [bytes(), null] };
    const out = stringifyWithBytes(view);
    expect(out.embedded).toBe(2);
    expect(out.bytes.toString('utf8')).toBe(JSON.stringify({ ...view, parsing_result: result, list: [result, null] }));
  });

  it('without bytes inside it is JSON.stringify; toString and toJSON give the text and the value (PGlite in this thread)', () => {
    expect(stringifyWithBytes({ a: [1, 'b'] })).toEqual({ bytes: Buffer.from('{"a":[1,"b"]}'), embedded: 0 });
    expect(bytes().toString()).toBe(JSON.stringify(result));
    expect(JSON.stringify(bytes())).toBe(JSON.stringify(result));
    // node-postgres sends toPostgres()'s Buffer as a binary parameter: the same memory, not a copy.
    const b = bytes();
    expect(b.toPostgres().buffer).toBe(b.bytes.buffer);
  });
});
