import { imageUrl } from '@plinth/fields';
import { ImageDocumentInput } from '../admin/public';
import './iconInput.css';

export interface IconInputProps {
  label: string;
  /** The icon's image document id, or null for none. */
  value: number | null;
  onValueChange: (value: number | null) => void;
  error?: string | undefined;
}

/**
 * An icon as choice values and Objects hold one (`enumIcon`, `typeIcon`): an uploaded image,
 * shown 32×32 the way pickers and the grid show it, replaced or removed here.
 */
export function IconInput(props: IconInputProps) {
  return (
    <ImageDocumentInput
      {...props}
      noun="icon"
      hint="A PNG, JPEG, GIF or WebP image, shown 32×32."
      previewSize={32}
    />
  );
}

/** An Object's icon beside its name in the Objects list; nothing when it has none. */
export function TypeIcon({ imageId }: { imageId: number | null | undefined }) {
  if (imageId == null) return null;
  return (
    <img className="pl-schema__type-icon" src={imageUrl(imageId, 'small')} alt="" width={20} height={20} />
  );
}
