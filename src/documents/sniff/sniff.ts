import type { FileFormat } from '../types.ts';
import { LIMITS } from '../limits.ts';
import { decodeText, looksLikeText, splitLines } from './text.ts';
import { isXlsxDirectory, readZipDirectory } from './zip.ts';

/**
 * Detects the file format from bytes and content only, never from a file name
 * (names lie, and the HTTP layer must not trust them). null = unsupported.
 * Empty input also gives null: the caller reports empty_file before calling.
 */
export function sniff(bytes: Uint8Array): FileFormat | null {
  if (bytes.length === 0) return null;
  if (hasPrefix(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (hasPrefix(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (hasPrefix(bytes, [0x49, 0x49, 0x2a, 0x00]) || hasPrefix(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (isPdf(bytes)) return 'pdf';
  if (hasPrefix(bytes, [0x50, 0x4b, 0x03, 0x04]) || hasPrefix(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const entries = readZipDirectory(bytes, LIMITS.zipMaxEntries);
    return entries && isXlsxDirectory(entries) ? 'xlsx' : null;
  }
  const head = decodeText(bytes.subarray(0, LIMITS.sniffWindowBytes)).text;
  if (!looksLikeText(head)) return null;
  const trimmed = head.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('<')) return isCamt053(trimmed) ? 'camt053' : null;
  if (isMt940(head)) return 'mt940';
  if (isSwiftFragment(head)) return null;
  if (isCsv(head, bytes.length <= LIMITS.sniffWindowBytes)) return 'csv';
  return null;
}

function hasPrefix(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** pdf.js and Acrobat accept junk before the header within the first kilobyte. */
function isPdf(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, 1024);
  const sig = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  outer: for (let i = 0; i + sig.length <= window.length; i++) {
    for (let j = 0; j < sig.length; j++) if (window[i + j] !== sig[j]) continue outer;
    return true;
  }
  return false;
}

/** The Document's namespace decides: camt.052/.054 share elements but are other messages. */
function isCamt053(xml: string): boolean {
  const root = /<(?:[A-Za-z_][\w.-]*:)?Document\b([^>]*)>/.exec(xml);
  if (!root) return false;
  return /xmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.\d{3}\.\d{2}["']/.test(root[1] ?? '');
}

function isMt940(text: string): boolean {
  const lines = splitLines(text.replace(/\{1:[^}]*\}(\{2:[^}]*\})?(\{3:[^}]*\})?\{4:/g, '\n'));
  let has20 = false;
  let has25 = false;
  let has60 = false;
  let has61or62 = false;
  for (const raw of lines) {
    const line = raw.trimStart();
    if (line.startsWith(':20:')) has20 = true;
    else if (line.startsWith(':25:') || line.startsWith(':25P:')) has25 = true;
    else if (line.startsWith(':60F:') || line.startsWith(':60M:')) has60 = true;
    else if (/^:6[12][FM]?:/.test(line)) has61or62 = true;
  }
  return has20 && (has25 || has60) && (has60 || has61or62 || has25);
}

/** SWIFT tag lines without a :20: header: a fragment, not a statement, and not CSV either. */
function isSwiftFragment(text: string): boolean {
  const lines = splitLines(text).filter((l) => l.trim().length > 0);
  const tagged = lines.filter((l) => /^:\d{2}[A-Z]?:/.test(l)).length;
  return tagged > 0 && tagged * 2 >= lines.length;
}

const DELIMITERS = [';', ',', '\t', '|'] as const;

/** Counts delimiters outside double quotes. */
export function countOutsideQuotes(line: string, delimiter: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) n++;
  }
  return n;
}

/**
 * CSV = text whose lines (after a possible preamble) share one delimiter count ≥ 1.
 * Bank exports put account info lines before the header, so we look for the
 * longest run of consistent lines rather than demanding every line agrees.
 */
function isCsv(text: string, complete: boolean): boolean {
  const lines = splitLines(text).filter((l) => l.trim().length > 0);
  if (!complete && lines.length > 1) lines.pop(); // the window may cut the last line
  if (lines.length < 2) return false;
  const sample = lines.slice(0, 200);
  return DELIMITERS.some((d) => longestConsistentRun(sample, d) >= Math.min(3, sample.length));
}

function longestConsistentRun(lines: readonly string[], delimiter: string): number {
  let best = 0;
  let run = 0;
  let prev = -1;
  for (const line of lines) {
    const c = countOutsideQuotes(line, delimiter);
    if (c >= 1 && c === prev) run++;
    else run = c >= 1 ? 1 : 0;
    prev = c;
    best = Math.max(best, run);
  }
  return best;
}
