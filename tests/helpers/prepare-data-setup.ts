import { prepareData } from './prepared-data';

/** Vitest's global setup: the prepared databases are made once, before any test copies them. */
export default async function setup(): Promise<void> {
  await prepareData();
}
