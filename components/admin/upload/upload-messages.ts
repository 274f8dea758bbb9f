/**
 * The upload texts of docs/product.md §§5 and 8, in one place for the upload box. Pure, so the mapping from
 * a failed upload to what the admin reads is unit-tested.
 */
export const uploadMessages = {
  tooMany: (n: number) => `You can only upload a maximum of ${n} files at once.`,
  skipped: 'Some files were skipped: only images and PDFs are allowed.',
  unavailable: (bucket: string) => `Storage bucket "${bucket}" cannot be accessed. File uploads are currently unavailable.`,
  systemError: (message: string) => `Storage system error: ${message}`,
  success: (n: number) => `Successfully uploaded ${n} file(s).`,
};

export interface UploadFailureMessage {
  /** The toast's title. */
  title: string;
  /** The explanation shown under the title and beside the file. */
  description: string;
}

/** docs/product.md §8, "Upload": 403, a message containing "not found", one containing "JWT", anything else. */
export function uploadFailureMessage(status: number, message: string | undefined, bucket: string): UploadFailureMessage {
  if (status === 403) {
    return {
      title: 'Upload failed: Insufficient permissions',
      description: "Permission denied: You don't have access to upload files to this storage bucket. Please make sure you're logged in.",
    };
  }
  if (message && /not found/i.test(message)) {
    return {
      title: 'Upload failed: Storage bucket not available',
      description: `The storage bucket "${bucket}" is not available. Please contact the administrator.`,
    };
  }
  if (message && message.includes('JWT')) {
    return { title: 'Upload failed: Authentication required', description: 'Authentication error: You need to be logged in to upload files.' };
  }
  return { title: 'Upload failed', description: message || 'The upload failed. Please try again.' };
}
