import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { RAW_JSON_KEYWORD, RawJson } from '../shared/raw-json.ts';
import { buildSerializer, flattenNullable } from './serializer.ts';

const compile = (schema: unknown) => buildSerializer({}, {})({ schema: JSON.parse(JSON.stringify(schema)) });

describe('response serializer', () => {
  it('turns a nullable anyOf into a type array, keeping the other keywords', () => {
    expect(flattenNullable(Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'd' }))).toEqual({ type: ['string', 'null'], format: 'uuid', description: 'd' });
    // Not a plain nullable: left alone.
    const two = JSON.parse(JSON.stringify(Type.Union([Type.String(), Type.Integer()])));
    expect(flattenNullable(two)).toEqual(two);
  });

  it('serializes nullable fields both ways and drops fields the schema does not name', () => {
    const s = compile(Type.Object({ a: Type.Union([Type.String(), Type.Null()]), o: Type.Union([Type.Object({ x: Type.Integer() }), Type.Null()]) }));
    expect(JSON.parse(s({ a: null, o: null, extra: 1 }))).toEqual({ a: null, o: null });
    expect(JSON.parse(s({ a: 'v', o: { x: 1, y: 2 } }))).toEqual({ a: 'v', o: { x: 1 } });
  });

  it('writes a marked property holding stored JSON text as it is, and any other value through the schema', () => {
    const s = compile(
      Type.Object({
        id: Type.String(),
        result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { [RAW_JSON_KEYWORD]: true }),
      }),
    );
    const text = '{"b": [1, 2], "a": {"x": "é\\u0000"}}';
    const out = s({ id: 'f1', result: new RawJson(text) });
    expect(out).toContain(text);
    expect(JSON.parse(out)).toEqual({ id: 'f1', result: JSON.parse(text) });
    expect(JSON.parse(s({ id: 'f1', result: null }))).toEqual({ id: 'f1', result: null });
    expect(JSON.parse(s({ id: 'f1', result: { k: 1 } }))).toEqual({ id: 'f1', result: { k: 1 } });
  });

  it('a list whose items are stored texts, plain objects, or both; a whole body that is stored text', () => {
    const item = Type.Object({ n: Type.Integer() });
    const s = compile(Type.Object({ items: Type.Array(item, { [RAW_JSON_KEYWORD]: true }), total: Type.Integer() }));
    expect(JSON.parse(s({ items: [new RawJson('{"n":1}'), { n: 2, hidden: true }], total: 2 }))).toEqual({ items: [{ n: 1 }, { n: 2 }], total: 2 });
    expect(JSON.parse(s({ items: [], total: 0 }))).toEqual({ items: [], total: 0 });
    const whole = compile(item);
    expect(whole(new RawJson('{"n": 7}'))).toBe('{"n": 7}');
    expect(whole({ n: 7, z: 1 })).toBe('{"n":7}');
  });

  it('RawJson stringifies to its value anywhere else', () => {
    expect(JSON.stringify({ r: new RawJson('{"a": 1}') })).toBe('{"r":{"a":1}}');
  });
});
