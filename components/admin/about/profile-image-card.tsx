'use client';

import { useState, useTransition } from 'react';
import { Loader2, Trash2 } from 'lucide-react';

import { deleteProfileImageAction } from '@/app/admin/(guarded)/media/actions';
import { adminToast } from '@/components/admin/toast';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from './field';

const PLACEHOLDER = '/placeholder.svg';

/**
 * The profile image (spec sections 2 and 7): a preview, Delete Image (removes the file from the
 * profile-images bucket; the path comes from the URL) and an upload of one file into its 'about' folder.
 * Either way the form's image changes, and the profile shows it once the editor is saved.
 */
export function ProfileImageCard({
  imageUrl,
  onChange,
  error,
}: {
  imageUrl: string | null;
  onChange: (imageUrl: string | null) => void;
  error?: string;
}) {
  const [deleting, startDeleting] = useTransition();
  const [broken, setBroken] = useState<string | null>(null);
  const wanted = imageUrl || PLACEHOLDER;
  const shown = broken === wanted ? PLACEHOLDER : wanted;

  const deleteImage = () =>
    startDeleting(async () => {
      try {
        const result = await deleteProfileImageAction(imageUrl ?? '');
        if (!result.ok) {
          adminToast.error(result.error);
          return;
        }
        onChange(null);
        adminToast.success(result.data.message);
      } catch (caught) {
        console.error('Profile image delete failed', caught);
        adminToast.error(`An unexpected error occurred: ${caught instanceof Error ? caught.message : String(caught)}`);
      }
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Profile Image</h2>
        </CardTitle>
        <CardDescription>Shown on the About page. A new or deleted image is published when you save.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="mx-auto aspect-square w-full max-w-64 overflow-hidden rounded-xl border border-border bg-muted">
          {/* Any stored or pasted address: next/image would need every host configured. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={shown} alt="Profile image preview" className="size-full object-cover" onError={() => setBroken(wanted)} />
        </div>
        <FieldError id="about-image" error={error} />
        <Button type="button" variant="destructive" onClick={deleteImage} disabled={deleting}>
          {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          Delete Image
        </Button>
        <FileUpload bucket="profile-images" maxFiles={1} onUploaded={(urls) => {
            if (urls[0]) onChange(urls[0]);
          }} />
      </CardContent>
    </Card>
  );
}
