import iconv from 'iconv-lite';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Decodes a text export. Banks hand out UTF-8 (with or without BOM), UTF-16 with
 * BOM (Excel "Unicode text") and Windows-1252 (older German and Italian exports);
 * invalid UTF-8 is the signal for Windows-1252 because it never fails to decode.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start)), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252'), encoding: 'windows-1252' };
  }
}

/** True when a decoded head looks like text rather than binary (few control characters). */
export function looksLikeText(text: string): boolean {
  if (text.length === 0) return false;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 9 || (c > 13 && c < 32 && c !== 26) || c === 0xfffd) control++;
  }
  return control / text.length < 0.01;
}

/** Splits on CRLF, CR or LF. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
