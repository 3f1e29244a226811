import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { responsiveImage } from '@web/lib/responsive-image';
import ImageOff from 'lucide-react/icons/image-off';
import { useEffect, useId, useRef, useState } from 'react';
import { checkImageFile } from '../lib/check-image-file';

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * Chooses the opportunity's image. A chosen file passes the client checks (size, type, aspect)
 * or is refused with a toast; it is uploaded only when the form is saved.
 */
export function ImagePicker({
  currentUrl,
  file,
  onFileChange,
  onRemoveCurrent,
}: {
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onRemoveCurrent: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const problemToast = useRef<{ dismiss: () => void } | null>(null);
  const preview = useObjectUrl(file) ?? (file ? null : currentUrl);

  async function handleChange(chosen: File | undefined) {
    if (!chosen) return;
    const problem = await checkImageFile(chosen);
    problemToast.current?.dismiss();
    problemToast.current = null;
    if (problem) {
      problemToast.current = toast({ variant: 'destructive', ...problem });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onFileChange(chosen);
  }

  function clear() {
    if (inputRef.current) inputRef.current.value = '';
    if (file) onFileChange(null);
    else onRemoveCurrent();
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Image</Label>
      <div className="flex items-center gap-3">
        {preview ? (
          <img
            {...responsiveImage(preview, '64px')}
            alt="Selected opportunity"
            className="size-16 shrink-0 rounded-md border object-cover"
          />
        ) : (
          <div className="flex size-16 shrink-0 items-center justify-center rounded-md border border-dashed text-muted-foreground">
            <ImageOff className="size-5" aria-hidden="true" />
          </div>
        )}
        <div className="grid min-w-0 flex-1 gap-1">
          <Input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            aria-describedby={`${id}-hint`}
            className="cursor-pointer file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
            onChange={(event) => void handleChange(event.target.files?.[0])}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            PNG, JPEG or WebP, up to 1MB, square (1:1) or 4:3
          </p>
        </div>
        {file || currentUrl ? (
          <Button variant="ghost" size="sm" onClick={clear}>
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}
