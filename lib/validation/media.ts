import { BUCKETS } from '@/lib/storage/buckets';
import { safeObjectPath } from '@/lib/storage/paths';
import { z } from '@/lib/validation/zod';

/** One stored file, as the media library names it to find its references or delete it. */
export const storedFileSchema = z.object({
  bucket: z.enum(BUCKETS),
  path: z
    .string()
    .min(1)
    .max(512)
    .refine((p) => safeObjectPath(p) !== null, 'Invalid file path.'),
});
