import type { Metadata } from 'next';
import { connection } from 'next/server';
import { redirect, RedirectType } from 'next/navigation';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { WelcomeForm } from '@/components/admin/welcome-form';
import { requireAdmin } from '@/lib/auth/guard';
import { getFirstRunState, type FirstRunState } from '@/lib/content/first-run';

export const metadata: Metadata = { title: 'Welcome' };

/**
 * The first run (docs/product.md §2, "Welcome"): where the setup link leads, and what the dashboard asks
 * while it is not answered. Once answered (or dismissed) it sends the owner to the dashboard.
 */
export default function WelcomePage() {
  return (
    <EditorPage
      title="Welcome"
      description="Start from you: the name, role line and links every page shows, and whether the site keeps the sample content. You can change all of it later."
      loading="Loading your site..."
    >
      <Welcome />
    </EditorPage>
  );
}

async function Welcome() {
  await connection();
  await requireAdmin();
  let state: FirstRunState;
  try {
    state = await getFirstRunState();
  } catch (error) {
    console.error('Failed to load the first run', error);
    return <EditorLoadFailed toast="Failed to load your site" what="Your site" />;
  }
  if (!state.pending) redirect('/admin', RedirectType.replace);
  return <WelcomeForm identity={state.identity} content={state.content} />;
}
