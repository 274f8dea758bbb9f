import { normalizeArxivId, normalizeDoi } from '@/lib/validation/research';
import type { IdentifierKind, ParsedIdentifier, ParsedIdentifiers, RefusedIdentifier } from './types';

/**
 * The "Add by identifier" box (issue 34) read into DOIs, arXiv identifiers and ORCID iDs, normalised and
 * without repeats, or refused with the reason. Pure, no I/O, client-safe: the panel may count what it
 * will look up before sending.
 */

export const IDENTIFIER_LIMITS = {
  /** The whole box; longer is refused as a whole, nothing looked up. */
  chars: 100_000,
  /** One piece of it: no DOI, arXiv id or ORCID address is this long. */
  tokenChars: 300,
  /** Looked up at once; the rest are dropped with a notice. */
  identifiers: 50,
  /** An ORCID iD brings up to 100 works of its own. */
  orcids: 1,
  /** Refused pieces listed one by one; the rest are counted in one more entry. */
  refusedListed: 20,
  /** How much of a piece the admin is shown. */
  shownChars: 80,
} as const;

export const IDENTIFIERS_TOO_LONG = `That is too much text to read at once: at most ${IDENTIFIER_LIMITS.chars.toLocaleString('en-US')} characters. Paste fewer identifiers.`;
export const IDENTIFIER_UNKNOWN = 'This is not a DOI (10.1007/BF01700692), an arXiv identifier (2403.01234) or an ORCID iD (0000-0002-1825-0097).';
export const ORCID_CHECKSUM_WRONG = 'This is not a valid ORCID iD: its last character (the check digit) does not match the others. Check it for a typo.';
export const ORCID_ONLY_ONE = 'Only one ORCID iD is looked up at a time; look this one up afterwards.';

export function identifierTooLong(length: number): string {
  return `This is ${length.toLocaleString('en-US')} characters long; an identifier is at most ${IDENTIFIER_LIMITS.tokenChars} characters.`;
}

export function identifiersDropped(given: number): string {
  return `Only the first ${IDENTIFIER_LIMITS.identifiers} of ${given.toLocaleString('en-US')} identifiers are looked up at once; paste the rest afterwards.`;
}

export function moreRefused(count: number): string {
  return `${count.toLocaleString('en-US')} more ${count === 1 ? 'piece' : 'pieces'} of the text ${count === 1 ? 'is' : 'are'} not an identifier either.`;
}

/**
 * Characters that copying from PDFs and web pages puts into identifiers: Unicode hyphens, dashes and the
 * minus sign read as '-'; the soft hyphen (an invisible hyphenation point) and zero-width characters are
 * removed, as they are invisible where they were copied from.
 */
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060\uFEFF]/g;

/**
 * Spaces that split one identifier in two, closed up where that is unambiguous: after a prefix or address
 * ('doi: 10.1000/x', 'https://doi.org/ 10.1000/x', 'arXiv: 2403.01234', 'orcid.org/ 0000-…') and after a
 * DOI's slash ('10.1000/ abc'), unless what follows is itself an identifier or an address. A space inside
 * a DOI's suffix ('10.1000/ab cd') is not closed up: 'cd' may as well be a word of its own.
 */
const PREFIX_SPACE = /\b(doi\.org\/|doi:|arxiv:|orcid\.org\/|orcid:)\s+/gi;
const DOI_SLASH_SPACE = /(?<=^|[\s:/(<"'[])(10\.\d{4,9}\/)\s+(?=(\S+))/g;
const LOOKS_LIKE_IDENTIFIER = /^(?:10\.\d|https?:|www\.|doi|arxiv|orcid|\d{4}\.\d{4}|\d{4}-\d{4}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})/i;
/** Words that only label what follows ('DOI 10.1000/x', 'ORCID iD: …'). */
const LABEL = /^(?:doi|arxiv|orcid|id|ids|and|url)[:.]?$/i;

const ORCID = /^(?:(?:https?:\/\/)?(?:www\.)?orcid\.org\/|orcid:)?(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dX])\/?$/i;

/** ISO 7064 MOD 11-2 over the first 15 digits, as ORCID computes its check character ('X' for 10). */
export function orcidCheckCharacter(digits: string): string {
  let total = 0;
  for (const digit of digits.slice(0, 15)) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

/** Whether '0000-0002-1825-0097' (hyphenated, upper-case X) is an ORCID iD whose check character matches. */
export function isValidOrcid(id: string): boolean {
  const match = /^(\d{4})-(\d{4})-(\d{4})-(\d{3}[\dX])$/.exec(id);
  if (!match) return false;
  const digits = match.slice(1).join('');
  return orcidCheckCharacter(digits) === digits[15];
}

/** An ORCID iD as an editor's field takes it: bare, with or without its hyphens, or its orcid.org address. */
const ORCID_INPUT = /^(?:https?:\/\/(?:www\.)?orcid\.org\/)?(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dXx])\/?$/;

/**
 * An ORCID iD typed into a field (the About editor's ORCID link, a co-author's iD) in its one stored form,
 * '0000-0002-1825-0097', or null when it is none or its check character does not match.
 */
export function normalizeOrcid(value: string): string | null {
  const match = ORCID_INPUT.exec(value.trim());
  if (!match) return null;
  const id = `${match[1]}-${match[2]}-${match[3]}-${match[4]!.toUpperCase()}`;
  return isValidOrcid(id) ? id : null;
}

/** Quotes and brackets around a piece, and a sentence's full stop after it; a ')' only when unbalanced. */
function trimPunctuation(token: string): string {
  let value = token.replace(/^["'“”‘’«<([{]+/, '').replace(/["'“”‘’»>\]}.:]+$/, '');
  while (value.endsWith(')') && (value.match(/\(/g)?.length ?? 0) < (value.match(/\)/g)?.length ?? 0)) value = value.slice(0, -1).replace(/[.:]+$/, '');
  return value;
}

/** An address without its scheme ('doi.org/…', 'arxiv.org/abs/…') given one, so the normalisers read it. */
function withScheme(token: string): string {
  if (/^(?:www\.)?(?:dx\.)?doi\.org\//i.test(token)) return `https://${token.replace(/^www\./i, '')}`;
  if (/^(?:www\.|export\.)?arxiv\.org\//i.test(token)) return `https://${token}`;
  return token.replace(/^(https?:\/\/)www\.((?:dx\.)?doi\.org\/)/i, '$1$2');
}

type Classified = { kind: IdentifierKind; value: string } | { refused: string } | null;

function classify(token: string): Classified {
  if (LABEL.test(token)) return null;
  const orcid = ORCID.exec(token);
  if (orcid) {
    const id = orcid.slice(1, 5).join('-').toUpperCase();
    return isValidOrcid(id) ? { kind: 'orcid', value: id } : { refused: ORCID_CHECKSUM_WRONG };
  }
  const candidate = withScheme(token);
  const doi = normalizeDoi(candidate);
  if (doi) return { kind: 'doi', value: doi };
  const arxiv = normalizeArxivId(candidate);
  if (arxiv) return { kind: 'arxiv', value: arxiv };
  return { refused: IDENTIFIER_UNKNOWN };
}

function shown(token: string): string {
  return token.length > IDENTIFIER_LIMITS.shownChars ? `${token.slice(0, IDENTIFIER_LIMITS.shownChars - 1)}…` : token;
}

/** The text as pieces: hyphens and invisible characters cleaned, split identifiers closed up, split on whitespace, commas and semicolons. */
export function identifierTokens(text: string): string[] {
  const cleaned = text
    .replace(INVISIBLE, '')
    .replace(DASHES, '-')
    .replace(PREFIX_SPACE, '$1')
    .replace(DOI_SLASH_SPACE, (whole, prefix: string, next: string) => (LOOKS_LIKE_IDENTIFIER.test(next) ? whole : prefix));
  return cleaned.split(/[\s,;]+/).filter(Boolean);
}

/**
 * Every DOI (bare, doi:, or a doi.org / dx.doi.org address), arXiv identifier (2403.01234v2,
 * math.NT/0601001, math/0601001v3, arXiv:…, an arxiv.org /abs/ or /pdf/ address) and ORCID iD (bare or an
 * orcid.org address, check character verified) in the text, in order, without repeats (DOIs compared
 * ignoring case). At most IDENTIFIER_LIMITS.identifiers are taken and one ORCID iD; what cannot be read
 * is refused with the reason.
 */
export function parseIdentifiers(text: string): ParsedIdentifiers {
  if (text.length > IDENTIFIER_LIMITS.chars) return { identifiers: [], refused: [], given: 0, taken: 0, notice: IDENTIFIERS_TOO_LONG };
  const identifiers: ParsedIdentifier[] = [];
  const refused: RefusedIdentifier[] = [];
  let unlisted = 0;
  const refuse = (input: string, reason: string) => {
    if (refused.length < IDENTIFIER_LIMITS.refusedListed) refused.push({ input: shown(input), reason });
    else unlisted += 1;
  };
  const seen = new Set<string>();
  let orcids = 0;
  for (const raw of identifierTokens(text)) {
    if (raw.length > IDENTIFIER_LIMITS.tokenChars) {
      refuse(raw, identifierTooLong(raw.length));
      continue;
    }
    const token = trimPunctuation(raw);
    if (!token) continue;
    const found = classify(token);
    if (found === null) continue;
    if ('refused' in found) {
      refuse(token, found.refused);
      continue;
    }
    const key = `${found.kind}:${found.kind === 'doi' ? found.value.toLowerCase() : found.value}`;
    if (seen.has(key)) continue;
    if (found.kind === 'orcid' && orcids >= IDENTIFIER_LIMITS.orcids) {
      refuse(token, ORCID_ONLY_ONE);
      continue;
    }
    seen.add(key);
    if (found.kind === 'orcid') orcids += 1;
    identifiers.push({ kind: found.kind, value: found.value, input: shown(token) });
  }
  if (unlisted > 0) refused.push({ input: '…', reason: moreRefused(unlisted) });
  const given = identifiers.length;
  const taken = Math.min(given, IDENTIFIER_LIMITS.identifiers);
  return {
    identifiers: identifiers.slice(0, taken),
    refused,
    given,
    taken,
    notice: given > taken ? identifiersDropped(given) : null,
  };
}
