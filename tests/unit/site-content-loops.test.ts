import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followExport, uploadArchive, type ExportView, type ImportView } from '@/components/admin/settings/site-content';

/**
 * Settings → Site content's client loops (components/admin/settings/site-content.tsx) with a fake server:
 * each is owned by its panel, and stops when the panel goes (its AbortController aborted on unmount).
 */

type Answer = (url: URL, init: RequestInit) => unknown;
let requests: string[];

/** A fetch that answers JSON from `answer`, and refuses, as the browser's does, a request whose signal has aborted. */
function fakeServer(answer: Answer): void {
  requests = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const url = new URL(input, 'https://site.example');
    requests.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    return Response.json(answer(url, init));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the export loop', () => {
  it('stops when the panel goes: no more polling, and no download is started on whatever page is open', async () => {
    let polls = 0;
    fakeServer((url) => (url.pathname.endsWith('/export') ? { id: 'e1' } : ++polls === 1 ? { phase: 'preparing', progress: null } : { phase: 'ready', size: 10, fileName: 'site.tar.gz' }));
    const panel = new AbortController();
    const shown: ExportView[] = [];
    const held: (string | null)[] = [];
    const download = vi.fn();
    const loop = followExport({ signal: panel.signal, hold: (path) => held.push(path) }, (view) => shown.push(view), download);
    await vi.advanceTimersByTimeAsync(400);
    expect(requests).toEqual(['POST /admin/site-content/export', 'GET /admin/site-content/export/e1']);

    panel.abort();
    const seen = shown.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests).toHaveLength(2);
    expect(download).not.toHaveBeenCalled();
    expect(shown).toHaveLength(seen);
    await loop;
    // Not handed to the browser yet: the panel cancels it as it goes.
    expect(held.at(-1)).toBe('/export/e1');
  });
});

describe('the upload loop', () => {
  it('stops when the panel goes: no more parts are sent, and the import is held for cancelling', async () => {
    const panel = new AbortController();
    fakeServer((url) => {
      if (url.pathname.endsWith('/import')) return { id: 'i1', chunkBytes: 4 };
      // The panel goes while the first part is answered.
      panel.abort();
      return { phase: 'uploading', received: 4, size: 10 };
    });
    const shown: ImportView[] = [];
    const held: (string | null)[] = [];
    const file = new File([new Uint8Array(10)], 'site.tar.gz');
    const uploaded = await uploadArchive({ signal: panel.signal, hold: (path) => held.push(path) }, file, (view) => shown.push(view));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(uploaded).toBeNull();
    expect(requests).toEqual(['POST /admin/site-content/import', 'PUT /admin/site-content/import/i1?offset=0']);
    expect(shown.map((view) => view.step)).toEqual(['uploading']);
    expect(held.at(-1)).toBe('/import/i1');
  });
});
