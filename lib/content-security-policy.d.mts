/** Types of content-security-policy.mjs. */
export function contentSecurityPolicy(scriptSource: string): string;
export const PAYLOAD_READER: string;
export const CHUNK_LOADER: string;
export const REACT_TIMING_SCRIPT: string;
export const REACT_TIMING_SCRIPT_HASH: string;
