import { Link } from '@/components/link';

import { BrandIcon } from '@/components/site/brand-icons';
import { Mail } from '@/components/site/icons';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf, profileLabel, type About } from '@/lib/content/about/types';
import { readOr } from '@/lib/content/read';
import { cn } from '@/lib/utils';

/*
 * The owner's identity in the site's shell (header and footer): the profile's, read on each render of a page
 * like any content, so an About save shows on the next request. The shell itself stays prerendered: each part
 * here is a hole of it (ContentBoundary), with a skeleton of the same size as its fallback.
 */

const readOwner = () => readOr('the owner profile for the site shell', getAbout, null);

/** The mark: the owner's image, or their one or two characters, or their name's first letter. */
function Mark({ about, className }: { about: About | null; className: string }) {
  const text = about?.mark.trim() || [...ownerNameOf(about)][0]?.toLocaleUpperCase() || '';
  if (!about?.markImageUrl && !text) return null;
  return (
    <span aria-hidden="true" className={cn('grid shrink-0 place-items-center overflow-hidden rounded-lg bg-primary/10 text-primary ring-1 ring-primary/30', className)}>
      {about?.markImageUrl ? (
        // Any stored address: next/image would need every host configured.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={about.markImageUrl} alt="" className="size-full object-cover" />
      ) : (
        text
      )}
    </span>
  );
}

/** The header's brand: mark and name; a long name is cut with an ellipsis, the whole of it in the title. */
export async function HeaderBrand() {
  const about = await readOwner();
  const name = ownerNameOf(about);
  return (
    <>
      <Mark about={about} className="size-9 font-serif text-xl transition-colors group-hover:bg-primary/20" />
      {name ? (
        <span title={name} className="max-w-[16rem] truncate font-serif text-lg font-semibold tracking-tight md:max-lg:sr-only">
          {name}
        </span>
      ) : (
        <span className="sr-only">Home</span>
      )}
    </>
  );
}

export function HeaderBrandSkeleton() {
  return (
    <>
      <span aria-hidden="true" className="size-9 rounded-lg bg-primary/10 ring-1 ring-primary/30" />
      <span aria-hidden="true" className="h-5 w-32 rounded-md bg-muted motion-safe:animate-pulse md:max-lg:hidden" />
      <span className="sr-only">Home</span>
    </>
  );
}

/** The footer's column about the owner: mark and name, the footer text, the profile links, the public e-mail. */
export async function FooterIdentity() {
  const about = await readOwner();
  const name = ownerNameOf(about);
  const links = about?.links ?? [];
  return (
    <>
      <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-md font-serif text-lg font-semibold">
        <Mark about={about} className="size-8" />
        <span title={name || undefined} className="min-w-0 break-words">
          {name || 'Home'}
        </span>
      </Link>
      {about?.footerBlurb.trim() ? <p className="text-sm leading-relaxed break-words text-muted-foreground">{about.footerBlurb.trim()}</p> : null}
      {links.length > 0 ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Social profiles">
          {links.map((link) => (
            <li key={`${link.kind} ${link.url}`}>
              <a href={link.url} target="_blank" rel="noopener noreferrer me" aria-label={profileLabel(link)} title={profileLabel(link)} className="social-link">
                <BrandIcon kind={link.kind} className="size-[1.125rem]" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {about?.email ? (
        <a href={`mailto:${about.email}`} className="footer-link inline-flex max-w-full items-center gap-2 break-all">
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {about.email}
        </a>
      ) : null}
    </>
  );
}

export function FooterIdentitySkeleton() {
  return (
    <div aria-hidden="true" className="space-y-5">
      <div className="flex items-center gap-2.5">
        <span className="size-8 rounded-lg bg-primary/10 ring-1 ring-primary/30" />
        <span className="h-5 w-36 rounded-md bg-muted motion-safe:animate-pulse" />
      </div>
      <span className="block h-16 rounded-md bg-muted motion-safe:animate-pulse" />
    </div>
  );
}

/** '© <year> <name>.' after the year, or nothing while the profile names no one. */
export async function CopyrightHolder() {
  const name = ownerNameOf(await readOwner());
  return name ? <> {name}.</> : null;
}
