import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoImages, placeholderPoster, VideoFrames, videoImages } from './media-images';
import { detectMediaType, mediaFileName } from './media-signature';

const clip = readFileSync(join(import.meta.dirname, 'testing', 'clip.mp4'));

/** A plain grey photo: anything on its preview that is not grey is the mark. */
const grey = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .png()
    .toBuffer();

/** Mean absolute difference of two same-sized greyscale pictures within a region. */
async function difference(a: Buffer, b: Buffer, region: sharp.Region): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((image) => sharp(image).extract(region).greyscale().raw().toBuffer()),
  );
  let sum = 0;
  for (let index = 0; index < (left?.length ?? 0); index += 1)
    sum += Math.abs((left?.[index] ?? 0) - (right?.[index] ?? 0));
  return sum / (left?.length ?? 1);
}

describe('media type by the first bytes', () => {
  it('knows photos and videos, and refuses an HTML page whatever its name', async () => {
    expect(detectMediaType(await grey(4, 4))).toBe('image/png');
    expect(detectMediaType(clip)).toBe('video/mp4');
    const quicktime = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypqt  ')]);
    expect(detectMediaType(quicktime)).toBe('video/quicktime');
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
    ]);
    expect(detectMediaType(webm)).toBe('video/webm');
    expect(detectMediaType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(mediaFileName('../../старт.html', 'image/jpeg')).toBe('старт.jpg');
  });
});

describe('previews with the federation’s mark', () => {
  it('marks every part of the picture, so cropping a corner leaves the mark', async () => {
    const images = await photoImages(await grey(1200, 800));
    if (!images) throw new Error('not decoded');
    expect(images).toMatchObject({ width: 1200, height: 800, originalWidth: 1200, originalHeight: 800 });
    const w = 1200;
    const h = 800;
    const cell = { width: 300, height: 200 };
    const regions = [
      { left: 0, top: 0 },
      { left: w - cell.width, top: 0 },
      { left: 0, top: h - cell.height },
      { left: w - cell.width, top: h - cell.height },
      { left: (w - cell.width) / 2, top: (h - cell.height) / 2 },
    ];
    for (const region of regions) {
      expect(await difference(images.preview, images.display, { ...region, ...cell })).toBeGreaterThan(2);
    }
    // The unmarked image is the photo itself.
    const display = await sharp(images.display).greyscale().raw().toBuffer();
    expect(Math.abs((display[0] ?? 0) - 128)).toBeLessThan(4);
  });

  it('fits a large photo into the preview size and refuses what does not decode', async () => {
    const images = await photoImages(await grey(3200, 1800));
    expect(images).toMatchObject({ width: 1600, height: 900, originalWidth: 3200 });
    expect(await photoImages(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100)]))).toBeNull();
  });
});

describe('video posters', () => {
  it('take a frame with ffmpeg where it is installed, and the placeholder where it is not', async () => {
    const frames = new VideoFrames();
    const available = await frames.isAvailable();
    const images = await videoImages(frames, clip);
    expect(images.fromVideo).toBe(available);
    expect(images).toMatchObject(available ? { width: 160, height: 120 } : { width: 1280, height: 720 });
    expect((await sharp(images.preview).metadata()).format).toBe('jpeg');
  });

  it('fall back to the placeholder when ffmpeg is absent', async () => {
    const missing = new VideoFrames('/nonexistent/ffmpeg');
    expect(await missing.isAvailable()).toBe(false);
    const images = await videoImages(missing, clip);
    expect(images.fromVideo).toBe(false);
    expect(await sharp(await placeholderPoster()).metadata()).toMatchObject({ width: 1280, height: 720 });
    expect(images).toMatchObject({ width: 1280, height: 720 });
  });
});
