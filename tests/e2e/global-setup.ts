import { ensureBuild } from '../../scripts/lib/build';
import { prepareData } from '../helpers/prepared-data';
import { makeRunTempDir } from '../helpers/run-temp-dir';
import { SUPABASE_E2E_BUILD } from '../helpers/supabase-e2e-config';

/**
 * End-to-end tests run against a production build; make one when the sources changed. Two, one after
 * the other: the normal one (.next) and the Supabase-mode one (.next-supabase) that
 * tests/e2e/supabase-mode.spec.ts serves, whose NEXT_PUBLIC_ values differ.
 * The run's own temporary folder holds every server's data folder and every browser profile, and goes when
 * the run ends (the teardown returned).
 */
export default async function globalSetup(): Promise<() => void> {
  await ensureBuild();
  await ensureBuild({ variant: SUPABASE_E2E_BUILD });
  // The databases every server that tests no first start copies (tests/helpers/site-server.ts preparedDataDir).
  await prepareData();
  return makeRunTempDir();
}
