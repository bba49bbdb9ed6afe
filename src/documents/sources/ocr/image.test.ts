import { createCanvas } from '@napi-rs/canvas';
import UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../index.ts';
import { checkHeader, decodeImage, ImageError, probeImage } from './image.ts';

function pngHeader(w: number, h: number): Uint8Array {
  const b = new Uint8Array(64);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return b;
}

describe('image intake', () => {
  it('a 30,000×30,000 PNG is refused from its header', async () => {
    // The file is a header and nothing else: decoding it could only end corrupt_file, so too_large says
    // the header alone refused it.
    const v = await validateDocument(pngHeader(30_000, 30_000));
    expect(v).toMatchObject({ format: 'png', status: 'failure', errors: [{ code: 'too_large' }] });
  });

  it('reads JPEG and PNG dimensions from headers', async () => {
    const c = createCanvas(321, 123);
    c.getContext('2d').fillRect(0, 0, 10, 10);
    expect(probeImage(new Uint8Array(await c.encode('jpeg', 80)))).toEqual({ kind: 'jpeg', width: 321, height: 123 });
    expect(probeImage(new Uint8Array(await c.encode('png')))).toEqual({ kind: 'png', width: 321, height: 123 });
    expect(() => checkHeader({ kind: 'png', width: 50, height: 40 })).toThrow(ImageError);
  });

  it('applies EXIF orientation of JPEGs (6 = rotate 90°)', async () => {
    const c = createCanvas(400, 200);
    c.getContext('2d').fillRect(0, 0, 400, 200);
    const jpg = Buffer.from(await c.encode('jpeg', 90));
    const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
    const img = await decodeImage(new Uint8Array(Buffer.concat([jpg.subarray(0, 2), app1, jpg.subarray(2)])));
    expect(img.height).toBeGreaterThan(img.width);
  });

  it('TIFF is decoded and scaled like PNG (more in tiff.test.ts); a header without pixel data is corrupt', async () => {
    const c = createCanvas(400, 300);
    c.getContext('2d').fillRect(0, 0, 100, 100);
    const rgba = new Uint8Array(c.getContext('2d').getImageData(0, 0, 400, 300).data);
    const tiff = new Uint8Array(UTIF.encodeImage(rgba, 400, 300));
    expect(probeImage(tiff)).toEqual({ kind: 'tiff', width: 400, height: 300 });
    expect(await decodeImage(tiff)).toMatchObject({ width: 1600, height: 1200 });
    const headerOnly = new Uint8Array([0x49, 0x49, 42, 0, 8, 0, 0, 0, 2, 0, 0, 1, 3, 0, 1, 0, 0, 0, 200, 0, 0, 0, 1, 1, 3, 0, 1, 0, 0, 0, 200, 0, 0, 0]);
    expect(await validateDocument(headerOnly)).toMatchObject({ format: 'tiff', status: 'unreadable', errors: [{ code: 'corrupt_file' }] });
  });

  it('a blank page is unreadable/low_quality without running OCR', async () => {
    const c = createCanvas(1200, 1600);
    const g = c.getContext('2d');
    g.fillStyle = '#fdfdfd';
    g.fillRect(0, 0, 1200, 1600);
    const v = await validateDocument(new Uint8Array(await c.encode('png')));
    expect(v).toMatchObject({ status: 'unreadable', errors: [{ code: 'low_quality' }] });
  });
});
