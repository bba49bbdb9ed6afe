/**
 * Resource limits of the document engine. Every parser checks these before doing
 * work proportional to attacker-controlled sizes, so hostile input ends as a
 * validation outcome or a DocumentParseError in bounded time.
 * The maximum upload size itself is enforced by the caller (HTTP layer).
 */
export const LIMITS = {
  /** Bytes of the head inspected by sniff(); enough for preambles and XML prologues. */
  sniffWindowBytes: 64 * 1024,
  /** CSV: data rows (including preamble) accepted before the file is refused. */
  csvMaxRows: 200_000,
  /** CSV/MT940: one physical line longer than this is not a bank export. */
  maxLineBytes: 1024 * 1024,
  /** XLSX: zip entries listed in the central directory. */
  zipMaxEntries: 2_000,
  /** XLSX: sum of declared uncompressed sizes of all entries. */
  zipMaxUncompressedBytes: 200 * 1024 * 1024,
  /** XLSX: declared ratio uncompressed/compressed of a single entry above this smells of a zip bomb. */
  zipMaxCompressionRatio: 200,
  /** XLSX: rows of the first sheet. */
  xlsxMaxRows: 200_000,
  /** XLSX and CSV: columns of one row that we look at. */
  maxColumns: 256,
  /** XML (camt.053): document size and element nesting depth. */
  xmlMaxBytes: 50 * 1024 * 1024,
  xmlMaxDepth: 64,
  /** MT940 and camt: statements in one file, transactions over all statements. */
  maxStatements: 10_000,
  maxTransactions: 200_000,
  /** OCR rendering: an image XObject with more pixels is not decoded (pdf.js maxImageSize). */
  renderMaxImagePixels: 40_000_000,
  /** OCR rendering: a page whose canvas (MediaBox × dpi) has more pixels is refused before rendering. */
  renderMaxPagePixels: 40_000_000,
  /** OCR rendering: pixels over all rendered pages of one document (30 A4 pages at 200 dpi are 112 M). */
  renderMaxPixelsAllPages: 160_000_000,
  /**
   * PDF: a stream (content, image, font, through its whole filter chain) decoding to more bytes is
   * refused (a 40 MP RGB image is 120 MB; a 3× FlateDecode bomb of 827 bytes is 1 GiB). Enforced in
   * the document sandbox (src/sandbox/pdfjs-guard.ts).
   */
  pdfMaxDecodedStreamBytes: 128 * 1024 * 1024,
  /** Image-only PDFs and multi-page TIFFs: pages OCR'd at most (each costs seconds). */
  ocrMaxPages: 30,
  /** Pages of an identity document OCR'd at most (front, back, a copy). */
  idMaxPages: 4,
  /** Scanned pages inside a text PDF looked at during validation (each ≈ 1–2 s of OCR). */
  lookMaxScannedPages: 3,
  /** OCR: words re-read per page at most (a second, zoomed read of doubtful words). */
  ocrMaxRereadsPerPage: 12,
  /** Images: decoded pixels above this are refused (too_large) before decoding, and either side above maxSide. */
  imageMaxPixels: 40_000_000,
  imageMaxSide: 20_000,
  /** Multi-page TIFF: pixels decoded over all pages; the pages after the budget is spent are left out. */
  imageMaxPixelsAllPages: 320_000_000,
  /** TIFF: IFDs in the main chain (more is not a document), tile sides (a tile's buffer is allocated whole), values of one tag. */
  tiffMaxPages: 1000,
  tiffMaxTileSide: 4096,
  tiffMaxTagValues: 1 << 18,
  /**
   * A file's kept reading (sources/reading.ts: the text layer's words, OCR readings) larger than this
   * is not kept: the parse then reads the bytes again. A 200-page text PDF's words are ≈ 4–6 MB.
   */
  keptReadingMaxBytes: 16 * 1024 * 1024,
} as const;
