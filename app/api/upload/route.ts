import { checkAdmin } from '@/lib/auth/guard';
import { getStorageForRequest } from '@/lib/storage';
import { bucketAvailability, receiveUpload } from '@/lib/storage/upload';

/**
 * Uploads go through this route handler, not a server action: server actions stop at a 1 MB body by
 * default and PDFs may be 50 MB. It lives outside /admin on purpose: proxy.ts matches /admin/** and
 * Next.js buffers (and cuts at 10 MB) the body of every request a proxy sees.
 */
export async function POST(request: Request): Promise<Response> {
  return receiveUpload(request, { checkAdmin, storage: await getStorageForRequest() });
}

export async function GET(request: Request): Promise<Response> {
  return bucketAvailability(request, { checkAdmin, storage: await getStorageForRequest() });
}
