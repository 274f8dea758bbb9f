import path from 'node:path';
import nextEnv from '@next/env';

/** Output and environment helpers shared by the command-line scripts. */

export function log(message: string): void {
  console.log(`▲ ${message}`);
}

export function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

/** Bytes as the scripts print them: kB of 1000 bytes, one decimal. */
export const kB = (bytes: number): string => (bytes / 1000).toFixed(1);

/** The middle value (of an even count, the mean of the two middle ones). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Loads .env, .env.local, … the way Next.js does, so the scripts see the same configuration as the app. */
export function loadEnvFiles(dev = false): void {
  nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, '..', '..'), dev, { info: () => undefined, error: console.error });
}

/** Rows of text as a table: a header, a rule, the cells padded to their column's widest. */
export function textTable(header: string[], lines: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}
