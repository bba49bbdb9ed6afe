/**
 * Ends the process-wide OCR workers, if the OCR pipeline was ever loaded. Kept
 * apart from the pipeline so the engine's entry can export it without loading
 * tesseract.js.
 */
let hook: (() => Promise<void>) | null = null;

export function onOcrShutdown(fn: () => Promise<void>): void {
  hook = fn;
}

export async function shutdownOcr(): Promise<void> {
  if (hook) await hook();
}
