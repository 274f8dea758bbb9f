// @ts-check
/**
 * The pages' Content-Security-Policy, for next.config.mjs (every page) and proxy.ts (the admin area). Plain
 * JavaScript: next.config.mjs loads it as it is.
 *
 * Scripts: this site only. Inline scripts are Next's and React's own (the page's RSC payload and
 * bootstraps), and a policy must name them:
 * - every HTML response carries this policy with 'unsafe-inline' (next.config.mjs), the floor for any
 *   response nothing else covers;
 * - a public page kept by the route cache carries a second policy naming the hashes of its own inline
 *   scripts (lib/cache/route-cache-handler.mjs), the first response included; its RSC payload is moved into
 *   data blocks that PAYLOAD_READER pushes, so those are a few fixed scripts whatever the page holds;
 * - an admin page, rendered for each request, carries this policy with a nonce instead (proxy.ts), which Next
 *   puts on each of its scripts.
 * A browser enforces every policy it is sent, so on the last two an inline script that is not the page's own
 * is refused even if a sanitiser missed it. The rest: no plugins, no <base> hijack, no framing, forms only to
 * this site, and no other origins for scripts, styles, fonts or connections (the Supabase project's for
 * images and connections, when configured). Development adds 'unsafe-eval' for React's refresh runtime.
 */

/**
 * React's timing mark, an inline script it writes into a streamed page without the page's nonce (React 19.3).
 * It only notes the time; the admin area's policy allows it by its hash so that the browser does not report
 * it (tests/unit/content-security-policy.test.ts holds the hash to the text).
 */
export const REACT_TIMING_SCRIPT = 'requestAnimationFrame(function(){$RT=performance.now()});';
export const REACT_TIMING_SCRIPT_HASH = "'sha256-7mu4H06fwDCjmnxxr/xNHyuQC6pLTHr4M2E4jXw5WZs='";

/**
 * The one script that feeds a stored page's RSC payload to Next's client: the route cache turns each of the
 * payload's pushes into a data block (`<script type=application/json data-next-f>`, payloadAsData in
 * lib/cache/route-cache-handler.mjs) and ends the page with this, so that the policy names this text instead of a
 * hash per piece of the payload. It pushes the blocks in document order, each once (a copy of it injected
 * earlier in the page pushes nothing twice), and skips one that is not JSON (only a forged block can be).
 */
export const PAYLOAD_READER =
  'for(const s of document.querySelectorAll("script[data-next-f]")){s.removeAttribute("data-next-f");try{(self.__next_f=self.__next_f||[]).push(JSON.parse(s.text))}catch{}}';

/**
 * The one script that loads a public page's JavaScript after its first paint (issue 49). The rewrite turns each
 * of the page's own `<script src="/_next/static/chunks/…" async>` in its head, React's bootstrap script after the
 * content and the page-view script into an inert data block naming the script
 * (`<script type=application/json data-after-paint="…">`, lib/cache/after-paint.mjs) and ends the page with this:
 * once the browser reports the page's first contentful paint (a Paint Timing entry, which comes once that frame
 * is on the screen), it adds the same `<script src async>` elements to the head, where React finds the ones it
 * preinitialised. So the first paint waits only for the HTML and the stylesheet, not for scripts to arrive and
 * run (on a phone they shared the connection with the stylesheet and ran ahead of the paint). Counting frames
 * was not enough: one or two animation frames after the loader ran, the scripts were often requested before
 * the first frame reached the screen, on the home page by up to 160 ms. A browser without Paint Timing loads them
 * two frames after the loader runs; and if no paint is reported within 3 seconds (a page opened in the
 * background), they load then. Only paths of Next's own chunks and the page-view script are loaded, each once.
 */
export const CHUNK_LOADER =
  '(()=>{let d=0;const go=()=>{if(d)return;d=1;for(const s of document.querySelectorAll("script[data-after-paint]")){const u=s.getAttribute("data-after-paint");s.removeAttribute("data-after-paint");if(!/^\\/_next\\/static\\/chunks\\/[\\w.~-]+\\.js$|^\\/insights\\/script\\.js$/.test(u))continue;const n=document.createElement("script");n.src=u;n.async=true;document.head.appendChild(n)}},later=()=>setTimeout(go);if(self.PerformanceObserver?.supportedEntryTypes?.includes("paint")){new PerformanceObserver(l=>{if(l.getEntriesByName("first-contentful-paint").length>0)later()}).observe({type:"paint",buffered:true});setTimeout(go,3e3)}else requestAnimationFrame(()=>requestAnimationFrame(later))})()';

/** The Supabase project's origin, when configured: images and API calls may go there. */
function supabaseOrigin() {
  try {
    return process.env.NEXT_PUBLIC_SUPABASE_URL ? new URL(process.env.NEXT_PUBLIC_SUPABASE_URL).origin : '';
  } catch {
    return '';
  }
}

/**
 * The whole policy, its script-src being 'self' and `scriptSource` ('unsafe-inline', or a nonce).
 * @param {string} scriptSource
 * @returns {string}
 */
export function contentSecurityPolicy(scriptSource) {
  const supabase = supabaseOrigin();
  const dev = process.env.NODE_ENV !== 'production';
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSource}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${supabase ? ` ${supabase}` : ''}`,
    "font-src 'self' data:",
    // blob: the upload box reads the files it previews.
    `connect-src 'self' blob:${supabase ? ` ${supabase}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
