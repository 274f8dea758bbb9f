import { connection } from 'next/server';

import { getCvJson } from '@/lib/cv/read';
import { cvUnavailable } from '@/lib/cv/respond';
import { publicFileResponse } from '@/lib/file-response';

/** The CV as a JSON Resume document (schema v1.0.0), made from the same content as /cv. */
export async function GET(request: Request): Promise<Response> {
  await connection();
  try {
    const json = await getCvJson();
    return publicFileResponse(request, {
      body: json.body,
      etag: json.etag,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': 'inline; filename="cv.json"' },
    });
  } catch (error) {
    console.error('Could not make cv.json', error);
    return cvUnavailable('CV');
  }
}
