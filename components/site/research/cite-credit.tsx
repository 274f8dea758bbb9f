const link = 'underline underline-offset-4';

/**
 * The credit under the Cite panel's formatted references, as their licences ask (THIRD_PARTY_NOTICES.md):
 * citeproc-js's Attribution Information from Exhibit B of its CPAL (copyright notice, phrase and URL), shown
 * where its output is, and the CSL styles' CC BY-SA 3.0 attribution, which asks software using them to
 * mention the Citation Style Language project and link to citationstyles.org. Both in one line, so neither
 * credit is less prominent than the other (CPAL section 14(b)).
 */
export function CiteCredit() {
  return (
    <p className="text-xs text-muted-foreground">
      References formatted by citeproc-js, © Frank Bennett: citeproc-js implements the{' '}
      <a href="https://citationstyles.org/" className={link} rel="noopener noreferrer" target="_blank">
        Citation Style Language
      </a>
      . The styles are by their authors, under the{' '}
      <a href="https://creativecommons.org/licenses/by-sa/3.0/" className={link} rel="noopener noreferrer" target="_blank">
        CC BY-SA 3.0 licence
      </a>
      .
    </p>
  );
}
