import { connection } from 'next/server';

import { countDownload } from '@/lib/analytics/collect';
import { getCvPdf } from '@/lib/cv/read';
import { cvUnavailable } from '@/lib/cv/respond';
import { publicFileResponse } from '@/lib/file-response';

/** The CV as a typeset PDF (docs/product.md, "The CV"), made from the same content as /cv. */
export async function GET(request: Request): Promise<Response> {
  await connection();
  try {
    const pdf = await getCvPdf();
    return countDownload(request, '/cv.pdf', publicFileResponse(request, {
      body: pdf.bytes,
      etag: pdf.etag,
      headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${pdf.fileName}"` },
    }));
  } catch (error) {
    console.error('Could not make cv.pdf', error);
    return cvUnavailable('CV');
  }
}
