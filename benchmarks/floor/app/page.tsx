import Link from 'next/link';

/** One heading, one paragraph, one link (next/link, as the site's links are): see layout.tsx. */
export default function Page() {
  return (
    <main>
      <h1>A bare Next.js page</h1>
      <p>One heading, one paragraph and one link, rendered by the same Next.js and React as the site.</p>
      <Link href="/">This page again</Link>
    </main>
  );
}
