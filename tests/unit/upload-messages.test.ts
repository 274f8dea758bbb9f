import { describe, expect, it } from 'vitest';
import { uploadFailureMessage, uploadMessages } from '@/components/admin/upload/upload-messages';

describe('upload messages of docs/product.md §8', () => {
  it('explains a 403 as insufficient permissions', () => {
    expect(uploadFailureMessage(403, 'new row violates row-level security policy', 'blog-images')).toEqual({
      title: 'Upload failed: Insufficient permissions',
      description: "Permission denied: You don't have access to upload files to this storage bucket. Please make sure you're logged in.",
    });
  });

  it('explains a message containing "not found" as the bucket not being available', () => {
    expect(uploadFailureMessage(404, 'Bucket not found', 'blog-images')).toEqual({
      title: 'Upload failed: Storage bucket not available',
      description: 'The storage bucket "blog-images" is not available. Please contact the administrator.',
    });
  });

  it('explains a message containing JWT as an authentication error', () => {
    expect(uploadFailureMessage(401, 'invalid JWT: token is expired', 'blog-images')).toEqual({
      title: 'Upload failed: Authentication required',
      description: 'Authentication error: You need to be logged in to upload files.',
    });
  });

  it('shows any other message as it is, or a generic retry text', () => {
    expect(uploadFailureMessage(415, 'a.png is not a JPEG, PNG, GIF, WebP or PDF file', 'b').description).toBe('a.png is not a JPEG, PNG, GIF, WebP or PDF file');
    expect(uploadFailureMessage(500, undefined, 'b').description).toBe('The upload failed. Please try again.');
  });

  it('words the picker and success messages as docs/product.md §8 does', () => {
    expect(uploadMessages.tooMany(1)).toBe('You can only upload a maximum of 1 files at once.');
    expect(uploadMessages.skipped).toBe('Some files were skipped: only images and PDFs are allowed.');
    expect(uploadMessages.unavailable('research-papers')).toBe('Storage bucket "research-papers" cannot be accessed. File uploads are currently unavailable.');
    expect(uploadMessages.systemError('boom')).toBe('Storage system error: boom');
    expect(uploadMessages.success(3)).toBe('Successfully uploaded 3 file(s).');
  });
});
