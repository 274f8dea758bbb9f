/**
 * The five public buckets of docs/product.md §3 and the folder each single-image picker uploads into
 * (also §3). Client-safe: the upload component and the media library name buckets too.
 */
export const BUCKETS = ['profile-images', 'project-images', 'blog-images', 'personal-images', 'research-papers'] as const;

export type Bucket = (typeof BUCKETS)[number];

export const BUCKET_FOLDERS: Partial<Record<Bucket, string>> = {
  'profile-images': 'about',
  'project-images': 'projects',
};

export const BUCKET_LABELS: Record<Bucket, string> = {
  'profile-images': 'Profile images',
  'project-images': 'Project images',
  'blog-images': 'Blog images',
  'personal-images': 'Personal images',
  'research-papers': 'Research papers',
};

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

/** docs/product.md §9: objects are uploaded with a one-hour cache lifetime. */
export const CACHE_CONTROL_SECONDS = 3600;
