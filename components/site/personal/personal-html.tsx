import { personalBody } from '@/lib/content/personal/rules';
import { sanitizeHtml } from '@/lib/sanitize';

/**
 * The one place a personal post's HTML reaches the page (spec section 2: content rendered as raw HTML).
 * It is sanitised here on every render, whatever was stored, so dangerouslySetInnerHTML only ever
 * receives sanitizeHtml's output.
 */
export function PersonalHtml({ title, content }: { title: string; content: string }) {
  const html = sanitizeHtml(personalBody(title, content));
  return (
    <div
      data-slot="personal-content"
      className={[
        'text-lg leading-8 text-foreground/90',
        '[&_p]:my-5 [&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:font-serif [&_h1]:text-3xl [&_h1]:font-semibold',
        '[&_h2]:mt-9 [&_h2]:mb-3 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold',
        '[&_h3]:mt-7 [&_h3]:mb-2 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold',
        '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold',
        '[&_strong]:font-semibold [&_strong]:text-foreground [&_b]:font-semibold',
        '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-primary',
        '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_li]:pl-1',
        '[&_blockquote]:my-6 [&_blockquote]:border-l-2 [&_blockquote]:border-primary/50 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_blockquote]:italic',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
        '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-border [&_pre]:bg-muted/60 [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        '[&_hr]:my-10 [&_hr]:border-border [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
        '[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base [&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-border [&_th]:bg-muted/50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
        '[&_mark]:rounded-sm [&_mark]:bg-primary/25 [&_mark]:text-foreground',
      ].join(' ')}
      // Safe by construction: sanitizeHtml's allowlist (lib/sanitize.ts) is the only input.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
