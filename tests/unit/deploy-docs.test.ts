import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import { documentedNginxConfig } from '../helpers/nginx';

/**
 * docs/deploy.md's nginx configuration is run as written by tests/e2e/supabase-mode.spec.ts. What it must
 * copy from Next.js, because nginx cannot ask Next, is held to Next's own value here, so an upgrade that
 * changes it fails a test instead of mixing a crawler's copy of a page with a browser's.
 */
const require = createRequire(import.meta.url);
const { HTML_LIMITED_BOT_UA_RE } = require('next/dist/shared/lib/router/utils/html-bots.js') as { HTML_LIMITED_BOT_UA_RE: RegExp };

describe("docs/deploy.md's nginx configuration", () => {
  it("tells crawlers apart by Next's own list of the user agents it renders metadata for in <head>", () => {
    const pattern = /map \$http_user_agent \$portfolio_reader \{[^}]*?"~\*([^"]+)" bot;/.exec(documentedNginxConfig())?.[1];
    expect(pattern, 'the $portfolio_reader map').toBeDefined();
    expect(pattern, "Next's htmlLimitedBots changed: copy next/dist/shared/lib/router/utils/html-bots.js's list into docs/deploy.md").toBe(HTML_LIMITED_BOT_UA_RE.source);
    expect(HTML_LIMITED_BOT_UA_RE.flags).toBe('i');
  });

  it('knows the session cookies the site sets (built-in auth and Supabase)', () => {
    expect(documentedNginxConfig()).toContain('"~(^|;\\s*)(pf-access|pf-refresh|sb-[^=;]*)="');
  });
});
