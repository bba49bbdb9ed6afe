/** Which traineddata new OCR engines use: set once per process from the configuration (DOCRISK_OCR_MODELS). */
export type OcrModelsSetting = 'auto' | 'fast' | 'best_int';

let setting: OcrModelsSetting = 'auto';

export function setOcrModels(models: OcrModelsSetting): void {
  setting = models;
}

export function ocrModelsSetting(): OcrModelsSetting {
  return setting;
}
