import { scholarlyConfig, type ScholarlyConfig } from '@/lib/scholarly/config';
import { fakeScholarlyEnv, startFakeScholarlyServer, type FakeScholarlyServer } from './fake-scholarly-server';

/** The fake scholarly sources started, and the clients' configuration pointing at them (as a site named Alex Morgan with a contact address). */
export async function startFakeSources(): Promise<{ server: FakeScholarlyServer; config: ScholarlyConfig }> {
  const server = await startFakeScholarlyServer();
  const config = scholarlyConfig({ siteName: 'Alex Morgan', siteUrl: 'https://example.org', contactEmail: 'alex@example.org' }, fakeScholarlyEnv(server.url));
  return { server, config };
}
