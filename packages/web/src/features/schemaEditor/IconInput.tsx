import { imageUrl } from '@plinth/fields';
import { Button } from '@plinth/ui';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { uploadDocument } from '../../api/fileApi';
import { failureMessage } from './serverErrors';
import './iconInput.css';

export interface IconInputProps {
  label: string;
  /** The icon's image document id, or null for none. */
  value: number | null;
  onValueChange: (value: number | null) => void;
  error?: string | undefined;
}

/** Raster images the server serves as images (fileServing.ts): what an icon may be. */
const iconTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * An icon as choice values and Objects hold one (`enumIcon`, `typeIcon`): an uploaded image,
 * shown 32×32 the way pickers and the grid show it, replaced or removed here.
 */
export function IconInput({ label, value, onValueChange, error }: IconInputProps) {
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const document = await uploadDocument(file);
      onValueChange(document.id);
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const shown = problem ?? error;
  return (
    <fieldset className="pl-schema__icon">
      <legend className="pl-field__label">{label}</legend>
      <span className="pl-schema__icon-row">
        {value === null ? (
          <span className="pl-admin__muted">No icon</span>
        ) : (
          <img
            src={imageUrl(value, 'small')}
            alt={`The current ${label.toLowerCase()}`}
            width={32}
            height={32}
          />
        )}
        <FileTrigger
          acceptedFileTypes={iconTypes}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) void upload(file);
          }}
        >
          <Button size="small" variant="outline" isDisabled={isBusy}>
            {isBusy ? 'Uploading…' : value === null ? 'Upload icon' : 'Replace icon'}
          </Button>
        </FileTrigger>
        {value !== null && (
          <Button size="small" variant="subtle" onPress={() => onValueChange(null)}>
            Remove icon
          </Button>
        )}
      </span>
      <span className="pl-field__hint">A PNG, JPEG, GIF or WebP image, shown 32×32.</span>
      {shown && (
        <span role="alert" className="pl-field__error">
          {shown}
        </span>
      )}
    </fieldset>
  );
}

/** An Object's icon beside its name in the Objects list; nothing when it has none. */
export function TypeIcon({ imageId }: { imageId: number | null | undefined }) {
  if (imageId == null) return null;
  return (
    <img className="pl-schema__type-icon" src={imageUrl(imageId, 'small')} alt="" width={20} height={20} />
  );
}
