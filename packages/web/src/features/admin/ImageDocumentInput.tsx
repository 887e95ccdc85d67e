import { imageUrl } from '@plinth/fields';
import { Button } from '@plinth/ui';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { uploadDocument } from '../../api/fileApi';
import { messageOf } from './messageOf';
import './imageDocumentInput.css';

export interface ImageDocumentInputProps {
  label: string;
  /** What the image is, in the buttons: 'Upload icon', 'Remove image'. */
  noun: string;
  /** The image document's id, or null for none. */
  value: number | null;
  onValueChange: (value: number | null) => void;
  hint: string;
  /** The preview's width and height in pixels. */
  previewSize: number;
  error?: string | undefined;
}

/** Raster images the server serves as images (fileServing.ts). */
const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * An image held as a document (an Object's or choice value's icon, an image component's file):
 * uploaded as a new document, shown, replaced by another upload or removed here.
 */
export function ImageDocumentInput({
  label,
  noun,
  value,
  onValueChange,
  hint,
  previewSize,
  error,
}: ImageDocumentInputProps) {
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const document = await uploadDocument(file);
      onValueChange(document.id);
    } catch (failure) {
      setProblem(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  return (
    <fieldset className="pl-image-input">
      <legend className="pl-field__label">{label}</legend>
      <span className="pl-image-input__row">
        {value === null ? (
          <span className="pl-admin__muted">No {noun}</span>
        ) : (
          <img
            src={imageUrl(value, 'small')}
            alt={`The current ${label.toLowerCase()}`}
            width={previewSize}
            height={previewSize}
          />
        )}
        <FileTrigger
          acceptedFileTypes={imageTypes}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) void upload(file);
          }}
        >
          <Button size="small" variant="outline" isDisabled={isBusy}>
            {isBusy ? 'Uploading…' : value === null ? `Upload ${noun}` : `Replace ${noun}`}
          </Button>
        </FileTrigger>
        {value !== null && (
          <Button size="small" variant="subtle" onPress={() => onValueChange(null)}>
            Remove {noun}
          </Button>
        )}
      </span>
      <span className="pl-field__hint">{hint}</span>
      {shown && (
        <span role="alert" className="pl-field__error">
          {shown}
        </span>
      )}
    </fieldset>
  );
}
