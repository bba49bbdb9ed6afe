/**
 * Minimal reader of a zip central directory: names and declared sizes only, no
 * decompression. Used to recognise XLSX and to refuse zip bombs before exceljs
 * inflates anything.
 */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const EOCD_SIG = 0x06054b50;
const CDH_SIG = 0x02014b50;
const MAX_COMMENT = 0xffff;

/** Central directory entries, or null when the bytes are not a readable zip. */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  const stop = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  // 0xffff / 0xffffffff mean zip64; an XLSX small enough to accept never needs it.
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > eocd) return null;
  if (count > maxEntries) return null;
  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CDH_SIG) return null;
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (p + 46 + nameLen > eocd) return null;
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    entries.push({ name, compressedSize, uncompressedSize });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

export function isXlsxDirectory(entries: readonly ZipEntry[]): boolean {
  const names = new Set(entries.map((e) => e.name));
  return names.has('[Content_Types].xml') && entries.some((e) => e.name.startsWith('xl/'));
}
