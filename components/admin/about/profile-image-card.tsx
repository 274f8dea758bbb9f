'use client';

import { useState } from 'react';
import { Trash2 } from 'lucide-react';

import { adminToast } from '@/components/admin/toast';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from './field';

const PLACEHOLDER = '/placeholder.svg';

/**
 * The profile image (docs/product.md §§2 and 7): a preview, Delete Image and an upload of one file into the
 * profile-images bucket's 'about' folder. Both only change the form: the stored profile keeps its image
 * until Save Changes, so Cancel leaves /about exactly as it was. On save the server stores the new state
 * first and then removes the replaced file from storage if it was one of this site's uploads that nothing
 * else uses (saveAbout → lib/storage/replaced.ts). A file uploaded here and then discarded by Cancel stays
 * in the bucket (the media library lists it and can delete it).
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
  const [broken, setBroken] = useState<string | null>(null);
  const wanted = imageUrl || PLACEHOLDER;
  const shown = broken === wanted ? PLACEHOLDER : wanted;

  const deleteImage = () => {
    // The messages of docs/product.md §8; the file itself goes when the profile is saved without it.
    if (!imageUrl || imageUrl === PLACEHOLDER) {
      adminToast.error('No image to delete');
      return;
    }
    onChange(null);
    adminToast.success('Profile image deleted successfully.', { description: 'Save Changes to apply it.' });
  };

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
        <Button type="button" variant="destructive" onClick={deleteImage}>
          <Trash2 aria-hidden />
          Delete Image
        </Button>
        <FileUpload bucket="profile-images" maxFiles={1} onUploaded={(urls) => {
            if (urls[0]) onChange(urls[0]);
          }} />
      </CardContent>
    </Card>
  );
}
