// @ts-check
/**
 * Sizes in bytes: what the site calls a kilobyte, a megabyte and a gigabyte, and how it writes a size. A
 * megabyte is 2^20 bytes wherever the site limits or keeps something (uploads of 10 and 50 MB, archives,
 * caches, the answers it reads), strictly a mebibyte, and written "MB" as the product's texts have it
 * (docs/product.md). Plain JavaScript: Next's cache handlers (lib/cache/*.mjs), which Node loads as they are,
 * count in it too. Client-safe.
 */

export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;

/**
 * A megabyte of 10^6 bytes, for the one text that counts in it: the server-action body limit's
 * ("at most 1.8 MB" for 1,828,384 bytes, lib/validation/action-body.ts).
 */
export const DECIMAL_MB = 1_000_000;

const UNITS = ['KB', 'MB', 'GB'];

/**
 * A size as the site writes it: bytes below a kilobyte ("512 B"), then KB, MB or GB with one decimal
 * ("3.1 KB", "12.0 MB", "4.0 GB"). `decimal`: in units of 1000 (DECIMAL_MB) instead of 1024. `short`: a
 * whole number without its ".0" ("2 MB").
 * @param {number} bytes
 * @param {{ decimal?: boolean; short?: boolean }} [options]
 */
export function formatBytes(bytes, { decimal = false, short = false } = {}) {
  const step = decimal ? 1000 : KB;
  if (bytes < step) return `${bytes} B`;
  let unit = 0;
  while (unit < UNITS.length - 1 && bytes >= step ** (unit + 2)) unit += 1;
  // Divided once by the unit itself: step ** k is exact, a chain of divisions by 1000 need not be.
  const value = (bytes / step ** (unit + 1)).toFixed(1);
  return `${short ? value.replace(/\.0$/, '') : value} ${UNITS[unit]}`;
}
