import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { TalksEditor } from '@/components/admin/talks/talks-editor';
import { requireAdmin } from '@/lib/auth/guard';
import { getSiteTimeZoneForEditing } from '@/lib/content/settings/queries';
import { getTalksForEditing } from '@/lib/content/talks/queries';
import { todayIn } from '@/lib/content/talks/rules';

export const metadata: Metadata = { title: 'Edit Talks' };

export default function AdminTalksEditPage() {
  return (
    <EditorPage
      title="Edit Talks"
      description="Your talks: when and where, the event, the abstract, slides and video, and the paper each is on."
      loading="Loading talks..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let data: Awaited<ReturnType<typeof getTalksForEditing>>;
  let timeZone: string;
  try {
    [data, timeZone] = await Promise.all([getTalksForEditing(), getSiteTimeZoneForEditing()]);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Unable to load talk data';
    console.error('Error fetching talks', error);
    return <EditorLoadFailed toast={`Error fetching talks: ${message}`} what="The talks" />;
  }
  return <TalksEditor initial={data.talks} papers={data.papers} timeZone={timeZone} today={todayIn(timeZone)} />;
}
