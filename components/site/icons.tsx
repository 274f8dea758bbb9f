/**
 * Lucide's icons as the public pages draw them: an empty <span> whose shape is a CSS mask in
 * app/icons.css (made by `npm run icons`, scripts/icons-css.ts), filled with the text colour. A lucide-react
 * icon is a client component whose whole path data travels in the page's RSC payload as well as in its
 * HTML (about 0.7 kB an icon, a dozen icons a page); the stylesheet holds each shape once, and the browser
 * keeps it. Decorative only (aria-hidden): the text or label beside an icon names the action. Client-safe.
 */

/** Lucide names of the icons below, each with a rule `.i-{name}` in app/icons.css. */
export const PUBLIC_ICONS = [
  'arrow-left',
  'arrow-right',
  'briefcase',
  'building-complex',
  'calendar-days',
  'check',
  'chevron-down',
  'coffee',
  'copy',
  'download',
  'external-link',
  'folder-kanban',
  'graduation-cap',
  'house',
  'lightbulb',
  'lock-keyhole',
  'mail',
  'map-pin',
  'menu',
  'notebook-pen',
  'quote',
  'search',
  'search-x',
  'send',
  'users',
  'x',
] as const;

export type IconName = (typeof PUBLIC_ICONS)[number];

export interface IconProps {
  className?: string;
}

export type SiteIcon = (props: IconProps) => React.JSX.Element;

function icon(name: IconName): SiteIcon {
  function Icon({ className }: IconProps) {
    return <span aria-hidden="true" className={className ? `icon i-${name} ${className}` : `icon i-${name}`} />;
  }
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = icon('arrow-left');
export const ArrowRight = icon('arrow-right');
export const Briefcase = icon('briefcase');
export const Building2 = icon('building-complex');
export const CalendarDays = icon('calendar-days');
export const Check = icon('check');
export const ChevronDown = icon('chevron-down');
export const Coffee = icon('coffee');
export const Copy = icon('copy');
export const Download = icon('download');
export const ExternalLink = icon('external-link');
export const FolderKanban = icon('folder-kanban');
export const GraduationCap = icon('graduation-cap');
export const House = icon('house');
export const Lightbulb = icon('lightbulb');
export const LockKeyhole = icon('lock-keyhole');
export const Mail = icon('mail');
export const MapPin = icon('map-pin');
export const Menu = icon('menu');
export const NotebookPen = icon('notebook-pen');
export const Quote = icon('quote');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Send = icon('send');
export const Users = icon('users');
export const X = icon('x');
