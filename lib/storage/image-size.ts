/**
 * An image's size as its header states it, read without decoding: a PNG of 1 × 100,000,000
 * pixels is 194 kB on disk and 100 MB or more once a browser or the optimiser decodes it; a GIF of 10,000
 * frames is a few hundred kB. Uploads past IMAGE_BOUNDS are refused before they are stored. Pure.
 */

export const IMAGE_BOUNDS = { pixels: 50_000_000, side: 20_000, frames: 1_000 } as const;

export interface ImageSize {
  width: number;
  height: number;
  frames: number;
}

const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u24le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
const u32be = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;

function png(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24) return null;
  // An animated PNG's frame count is in its acTL chunk, found walking the chunks.
  let frames = 1;
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = u32be(bytes, at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (type === 'acTL' && at + 12 <= bytes.length) frames = u32be(bytes, at + 8);
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return { width: u32be(bytes, 16), height: u32be(bytes, 20), frames };
}

function gif(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 13) return null;
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  let at = 13 + (bytes[10]! & 0x80 ? 3 * 2 ** ((bytes[10]! & 7) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = () => {
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at]! + 1;
    at += 1;
  };
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      const packed = bytes[at + 9] ?? 0;
      at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0) + 1;
      skipSubBlocks();
    } else break;
  }
  return { width, height, frames: Math.max(frames, 1) };
}

function jpeg(bytes: Uint8Array): ImageSize | null {
  for (let at = 2; at + 9 < bytes.length; ) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC): the frame header with the size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5), frames: 1 };
    }
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

function webp(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (chunk === 'VP8X') {
    let frames = 0;
    for (let at = 12; at + 8 <= bytes.length; ) {
      const type = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
      const length = bytes[at + 4]! | (bytes[at + 5]! << 8) | (bytes[at + 6]! << 16) | ((bytes[at + 7]! << 24) >>> 0);
      if (type === 'ANMF') frames += 1;
      at += 8 + length + (length % 2);
    }
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1, frames: Math.max(frames, 1) };
  }
  if (chunk === 'VP8L') {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | ((bytes[24]! << 24) >>> 0);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, frames: 1 };
  }
  if (chunk === 'VP8 ') return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff, frames: 1 };
  return null;
}

const READERS = { png, gif, jpg: jpeg, webp } as const;

/** The size an image's header states; null when the header cannot be read. */
export function imageSize(extension: keyof typeof READERS, bytes: Uint8Array): ImageSize | null {
  return READERS[extension](bytes);
}

/** Why an image is past IMAGE_BOUNDS, in the words of the upload errors; null when it is within them. */
export function imageSizeProblem(name: string, size: ImageSize | null): string | null {
  if (!size || size.width < 1 || size.height < 1) return `${name} could not be read as an image: its header is damaged.`;
  const { width, height, frames } = size;
  if (width > IMAGE_BOUNDS.side || height > IMAGE_BOUNDS.side || width * height > IMAGE_BOUNDS.pixels) {
    return `${name} is too large an image: ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels (at most ${IMAGE_BOUNDS.side.toLocaleString('en-US')} a side and ${IMAGE_BOUNDS.pixels / 1_000_000} megapixels).`;
  }
  if (frames > IMAGE_BOUNDS.frames) {
    return `${name} has too many frames: ${frames.toLocaleString('en-US')} (at most ${IMAGE_BOUNDS.frames.toLocaleString('en-US')}).`;
  }
  return null;
}
