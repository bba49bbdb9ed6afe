#!/usr/bin/env bash
# System packages the test suite and benchmarks use (Debian). Idempotent: installs only what is missing;
# without root it names what is missing and carries on (tests that need a package skip with a message).
set -uo pipefail
need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# Debian's chromium drives the portal's browser test (playwright-core; never `playwright install`).
[ -x /usr/bin/chromium ] || need+=(chromium)
# OCR: OCR-B (the MRZ typeface) for the generated identity cards; Debian's "fast" traineddata, which the
# OCR adapter prefers (≈1.6× faster than the npm best_int models it falls back to); native tesseract as
# the benchmark reference (bench/ocr.ts).
[ -f /usr/share/fonts/opentype/ocr-b/OCRB.otf ] || need+=(fonts-ocr-b)
# DejaVu Sans: the report PDF's embedded Unicode font (Ł, Ş, ễ …); without it the PDF falls back to
# Liberation Sans from pdfjs-dist, which lacks Vietnamese stacked accents.
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
# libtiff's tiffcp writes the CCITT G3/G4, LZW, Deflate, PackBits and JPEG TIFFs of the TIFF decoding tests.
command -v tiffcp >/dev/null 2>&1 || need+=(libtiff-tools)
for l in ita deu eng; do
  [ -f "/usr/share/tesseract-ocr/5/tessdata/$l.traineddata" ] || need+=("tesseract-ocr-$l")
done
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "setup-system: missing ${need[*]} (install them with apt-get as root)" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 || echo "setup-system: could not install ${need[*]}" >&2
exit 0
