import { ensureBuild } from '../../scripts/lib/build';

/** End-to-end tests run against a production build; make one when the sources changed. */
export default async function globalSetup(): Promise<void> {
  await ensureBuild();
}
