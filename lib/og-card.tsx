import 'server-only';
import { cacheLife } from 'next/cache';
import { ImageResponse } from 'next/og';

import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { readOr } from '@/lib/content/read';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { effectiveSiteSettings, siteDefaultsOf } from '@/lib/content/settings/types';

/** Link previews' large image: 1200×630, as Open Graph and X both recommend. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 };

/** Where the site's own card is served (app/og/route.tsx). */
export const SITE_CARD_PATH = '/og';

/**
 * The code points next/og's bundled font (Geist Regular) draws, as hexadecimal ranges. For any other
 * character next/og would download a font from Google Fonts (or an emoji from a CDN) while drawing; this
 * site makes no outside calls, so the cards keep to these. tests/unit/og-card.test.ts reads the font's
 * own table and fails when a Next.js upgrade changes it.
 */
export const BUNDLED_FONT_GLYPHS =
  '20-7e a0-ac ae-113 116-12b 12e-137 139-13e 141-148 14a-14d 150-17e 18f 192 1a0-1a1 1af-1b0 1cd-1ce 1e4-1e9 218-21b 237 259 ' +
  '2b9 2bc 2c6-2c8 2d8-2dd 300-304 306-30c 312 31b 323 326-328 335-338 39b 3a9 3bb-3bc 3c0 3c9 400-45f 462-463 46a-46b 472-475 ' +
  '490-493 496-497 49a-49b 4a2-4a3 4ae-4b3 4b6-4b7 4ba-4bb 4c0 4cf 4d8-4d9 4e2-4e3 4e8-4e9 4ee-4ef e3f 1e20-1e21 1e80-1e85 1e9e ' +
  '1ea0-1ef9 2013-2014 2018-201a 201c-201e 2020-2022 2026 2030 2032-2033 2039-203a 2044 2070 2074-2079 2080-2089 20aa 20ac 20b1 ' +
  '20b4 20b9 20bd 2116-2117 2122 2153-2155 215b-215e 2190-2199 219d 21a9-21aa 21b0-21b1 21b3-21b5 21e4-21e5 21e7 2202 2206 220f ' +
  '2211-2212 221a 221e 222b 2236 2248 2260 2264-2265 2460-2468 24ea 24ff 25b2-25b3 25b6-25b7 25bc-25bd 25c0-25c1 25ca-25cc 25cf ' +
  '2639-263a 2776-277e 3003 301c a78b-a78c f8ff fb01-fb02';

const GLYPH_RANGES: readonly (readonly [number, number])[] = BUNDLED_FONT_GLYPHS.split(' ').map((range) => {
  const [start, end = start] = range.split('-').map((hex) => parseInt(hex, 16));
  return [start!, end!] as const;
});

function drawable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return GLYPH_RANGES.some(([start, end]) => code >= start && code <= end);
}

/**
 * Text as a card can draw it: `$` math delimiters dropped (the TeX source stays readable), a character
 * the font lacks replaced by its plain letters where it has them ('ﬃ' → 'ffi'), else left out; spaces
 * collapsed; at most `max` characters, an ellipsis marking a cut.
 */
export function cardText(text: string, max: number): string {
  let drawn = '';
  for (const char of text.replace(/\$/g, '').normalize('NFC')) {
    if (/\s/u.test(char)) drawn += ' ';
    else if (drawable(char)) drawn += char;
    else drawn += [...char.normalize('NFKD')].filter(drawable).join('');
  }
  drawn = drawn.replace(/ {2,}/g, ' ').trim();
  return drawn.length > max ? `${drawn.slice(0, max - 1).trimEnd()}…` : drawn;
}

export interface OgCard {
  /** A small label above the title ('Blog', 'Research'); none on the site's own card. */
  kicker?: string;
  title: string;
  /** Who wrote it: the paper's authors, the post's owner. */
  byline: string;
  /** The site title, at the foot; none on the site's own card, whose title it already is. */
  siteName?: string;
}

const COLOURS = { background: '#0b0e15', rule: '#262b3a', text: '#eef0f5', muted: '#a5abb9', accent: '#f2b94f' };

/** A long title steps down in size so it stays within the card. */
function titleSize(title: string): number {
  if (title.length > 100) return 50;
  if (title.length > 60) return 60;
  return 72;
}

function Card({ kicker, title, byline, siteName }: OgCard) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 84px',
        background: COLOURS.background,
        color: COLOURS.text,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 26, letterSpacing: 4, textTransform: 'uppercase', color: COLOURS.accent }}>
        <div style={{ width: 56, height: 4, marginRight: kicker ? 20 : 0, background: COLOURS.accent }} />
        {kicker ?? ''}
      </div>
      <div style={{ display: 'flex', fontSize: titleSize(title), lineHeight: 1.15, letterSpacing: -1 }}>{title}</div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          paddingTop: 32,
          borderTop: `2px solid ${COLOURS.rule}`,
          fontSize: 30,
          color: COLOURS.muted,
        }}
      >
        <div style={{ display: 'flex', maxWidth: siteName ? 640 : 1000 }}>{byline}</div>
        {siteName ? <div style={{ display: 'flex', maxWidth: 380, color: COLOURS.text }}>{siteName}</div> : null}
      </div>
    </div>
  );
}

/**
 * The card as PNG bytes, and when it was drawn, kept as long as the process runs: its inputs are its cache
 * key, so a changed title is a new card, and a link preview fetched again costs no drawing.
 */
async function cardPng(card: OgCard): Promise<{ png: Uint8Array<ArrayBuffer>; drawnAt: number }> {
  'use cache';
  cacheLife('max');
  const image = new ImageResponse(<Card {...card} />, OG_IMAGE_SIZE);
  return { png: new Uint8Array(await image.arrayBuffer()), drawnAt: Date.now() };
}

/** A link-preview card: dark, the title large, who wrote it and where, in the bundled font only. */
export async function ogCardResponse(card: OgCard): Promise<Response> {
  const byline = cardText(card.byline, 80);
  // The default site title is the owner's name: a post's foot then names them once.
  const siteName = card.siteName && cardText(card.siteName, 40) !== byline ? cardText(card.siteName, 40) : '';
  const text: OgCard = {
    // A title of nothing but characters the font lacks (a title in Chinese) leaves the site's name.
    title: cardText(card.title, 140) || siteName || byline,
    byline,
    ...(card.kicker ? { kicker: cardText(card.kicker, 40) } : {}),
    ...(siteName ? { siteName } : {}),
  };
  const { png, drawnAt } = await cardPng(text);
  return new Response(png, {
    headers: {
      'content-type': 'image/png',
      // The address of a post's card stays the same when its title changes: previews may keep it a while,
      // not for the year next/og would allow.
      'cache-control': 'public, max-age=600',
      // Which drawing this is: the same for every request the kept card answers.
      etag: `"card-${drawnAt.toString(36)}"`,
      'last-modified': new Date(drawnAt).toUTCString(),
    },
  });
}

export interface CardSite {
  siteTitle: string;
  owner: string;
  /** The owner's role from the profile ('PhD student in mathematics'), or ''. */
  role: string;
}

/** The site title (Admin Settings, else the default), the owner's name and role (the profile, else the defaults). */
export async function cardSite(): Promise<CardSite> {
  const [settings, about] = await Promise.all([
    readOr('the site settings for a social image', getSiteSettings, null),
    readOr('the profile for a social image', getAbout, null),
  ]);
  return {
    siteTitle: effectiveSiteSettings(settings, siteDefaultsOf(about)).siteTitle,
    owner: ownerNameOf(about),
    role: about?.title.trim() ?? '',
  };
}

/** The site's own card: its title, and its owner with their role (the owner alone is no byline to a title that is their name). */
export function siteCard({ siteTitle, owner, role }: CardSite): OgCard {
  const byline = siteTitle === owner ? [role] : [owner, role];
  return { title: siteTitle, byline: byline.filter(Boolean).join(' · ') || owner };
}

/**
 * The answer for a card of nothing (an unknown or malformed id, a draft): a bare 404, before any
 * rendering, so addresses made up by the thousand cost a lookup at most, never a render.
 */
export function noCard(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' } });
}
