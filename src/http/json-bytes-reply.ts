/**
 * Answers whose one large property is JSON held as bytes (shared/json-bytes.ts: a stored parse result of
 * up to ≈ 40 MB). The rest of the value goes through the route's serializer as usual; the bytes are
 * written as they are, after it, without ever being a string on this thread: no decoding, no splice into
 * the serialised text (a copy of the whole string) and no encoding of that string for the socket — each
 * was a block of the event loop of its own, and the strings' garbage a long collection after them.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { JsonBytes } from '../shared/json-bytes.ts';
import { RawJson } from '../shared/raw-json.ts';

/** Marks where the bytes go in the serialised text: a raw NUL never occurs in serialised JSON (it is escaped). */
const SPLICE = '\u0000docrisk:json-bytes\u0000';

/** Below this the answer is one Buffer; above it, a stream of its three parts (nothing copied). */
const STREAM_FROM_BYTES = 1 << 20;

/**
 * Sends `value`, whose `key` (a property the route's schema marks x-raw-json) holds JsonBytes: the same
 * JSON text the serializer writes for the decoded value.
 */
export function sendWithBytes<T extends object>(reply: FastifyReply, value: T, key: keyof T & string): FastifyReply {
  const bytes = value[key];
  if (!(bytes instanceof JsonBytes)) return reply.send(value);
  const text = reply.serialize({ ...value, [key]: new RawJson(SPLICE) }) as unknown;
  if (typeof text !== 'string') throw new Error('the serializer of this route does not write text');
  const at = text.indexOf(SPLICE);
  if (at < 0 || text.indexOf(SPLICE, at + 1) >= 0) throw new Error(`the serializer of this route does not write ${key} as raw JSON`);
  const parts = [
    Buffer.from(text.slice(0, at), 'utf8'),
    Buffer.from(bytes.bytes.buffer, bytes.bytes.byteOffset, bytes.bytes.byteLength),
    Buffer.from(text.slice(at + SPLICE.length), 'utf8'),
  ];
  const length = parts.reduce((n, p) => n + p.length, 0);
  reply.header('content-type', 'application/json; charset=utf-8').header('content-length', length);
  return reply.send(length < STREAM_FROM_BYTES ? Buffer.concat(parts, length) : Readable.from(parts, { objectMode: false }));
}
