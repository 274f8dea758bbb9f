export type SocialPlatform = 'github' | 'linkedin' | 'scholar' | 'orcid';

export type SocialLink = {
  readonly platform: SocialPlatform;
  readonly label: string;
  readonly href: string;
};

export type SiteConfig = {
  /** Used in page titles ('%s | name') and the header brand. */
  readonly name: string;
  /**
   * The owner's name where the database cannot be read: the shell (header, footer) is prerendered
   * at build time, when no page may touch the database. Pages that can wait for a request use getAbout().
   */
  readonly ownerName: string;
  readonly description: string;
  readonly email: string;
  readonly footerBlurb: string;
  readonly social: readonly SocialLink[];
};

export const SITE: SiteConfig = {
  name: 'Alex Morgan',
  ownerName: 'Alex Morgan',
  description:
    'Alex Morgan is a mathematics PhD student working in analytic number theory. Research papers, projects, teaching and writing.',
  email: 'alex.morgan@example.com',
  footerBlurb:
    'PhD student in mathematics working in analytic number theory: how the zeros of L-functions govern the way primes fall into arithmetic progressions and short intervals.',
  social: [
    { platform: 'github', label: 'GitHub', href: 'https://github.com/alex-morgan-math' },
    { platform: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/in/alex-morgan-math' },
    { platform: 'scholar', label: 'Google Scholar', href: 'https://scholar.google.com/citations?user=alexmorgan' },
    // ORCID's documented example iD (a fictional researcher): a safe sample until the owner's own is set.
    { platform: 'orcid', label: 'ORCID', href: 'https://orcid.org/0000-0002-1825-0097' },
  ],
};

/** What the public pages use where Admin Settings' Site Configuration is empty. */
export const SITE_DEFAULTS = { title: SITE.name, description: SITE.description } as const;
