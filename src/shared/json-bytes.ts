/**
 * JSON text held as UTF-8 bytes, for values too large to be a JS object or string on the thread that
 * serves HTTP (a 199k-row parse result is ≈ 40 MB of JSON: parsing, stringifying or copying it there
 * stalled /healthz for seconds). The document child writes it, this process reads it as a Buffer, and
 * the database gets the bytes:
 * - node-postgres sends a parameter whose `toPostgres()` is a Buffer in binary format, and the binary
 *   form of json and text is the text itself (write `${value}::json` or `${value}::text`);
 * - the PGlite thread's client (db/pglite-threaded.ts) moves the bytes to the database thread, which
 *   decodes them there (transferred, not copied, when `transferable`);
 * - PGlite in this thread (tests, tools) serialises it through toString() / toJSON(): correct, not fast.
 */
/** How a JsonBytes parameter crosses to the PGlite thread: `{ [JSON_BYTES_WIRE]: Uint8Array }`. */
export const JSON_BYTES_WIRE = 'docrisk.jsonBytes';

export class JsonBytes {
  readonly bytes: Uint8Array;
  /**
   * The owner gives the bytes away with their first use as a database parameter (the PGlite thread's
   * client then transfers their ArrayBuffer, leaving it detached here).
   */
  readonly transferable: boolean;
  constructor(bytes: Uint8Array, opts: { transferable?: boolean } = {}) {
    this.bytes = bytes;
    this.transferable = opts.transferable === true;
  }
  /** Buffer for node-postgres (binary parameter): no copy, no decoding on this thread. */
  toPostgres(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }
  toString(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8');
  }
  toJSON(): unknown {
    return JSON.parse(this.toString()) as unknown;
  }
}

/**
 * JSON.stringify of a value that holds JsonBytes somewhere (e.g. a File view whose parsing_result is the
 * stored result's bytes), as bytes: the small rest is stringified, the large parts are copied in as they
 * are, never decoded. The output is what JSON.stringify of the decoded value gives.
 */
export function stringifyWithBytes(value: unknown): { bytes: Buffer; embedded: number } {
  const parts: Uint8Array[] = [];
  const token = `\u0001jsonbytes:${Math.random().toString(36).slice(2)}:`;
  // A copy with placeholders (JSON.stringify would call toJSON, which parses, before any replacer).
  const swap = (v: unknown): unknown => {
    if (v instanceof JsonBytes) {
      parts.push(v.bytes);
      return `${token}${parts.length - 1}`;
    }
    if (Array.isArray(v)) return v.map(swap);
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  const text = JSON.stringify(swap(value));
  if (parts.length === 0) return { bytes: Buffer.from(text, 'utf8'), embedded: 0 };
  // JSON.stringify escapes U+0001 as \u0001, so the quoted token below only matches a placeholder.
  const quoted = new RegExp(`"${JSON.stringify(token).slice(1, -1).replaceAll('\\', '\\\\')}(\\d+)"`, 'g');
  const out: Uint8Array[] = [];
  let at = 0;
  for (const m of text.matchAll(quoted)) {
    out.push(Buffer.from(text.slice(at, m.index), 'utf8'), parts[Number(m[1])]!);
    at = m.index + m[0].length;
  }
  out.push(Buffer.from(text.slice(at), 'utf8'));
  return { bytes: Buffer.concat(out), embedded: parts.length };
}
