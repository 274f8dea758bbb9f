import { prepareData } from './prepared-data';
import { makeRunTempDir } from './run-temp-dir';

/**
 * Vitest's global setup: the run's own temporary folder, removed when the run ends; and the prepared
 * databases, made once, before any test copies them.
 */
export default async function setup(): Promise<() => void> {
  const removeRunTempDir = makeRunTempDir();
  await prepareData();
  return removeRunTempDir;
}
