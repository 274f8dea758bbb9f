/** Types of bytes.mjs. */
export const KB: number;
export const MB: number;
export const GB: number;
export const DECIMAL_MB: number;
export function formatBytes(bytes: number, options?: { decimal?: boolean; short?: boolean }): string;
