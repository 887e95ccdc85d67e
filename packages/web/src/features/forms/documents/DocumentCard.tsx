import { formatFileSize, imageUrl } from '@plinth/fields';
import type { DocumentInfo } from '@plinth/schema';
import { Button, type ContextMenuItem, MenuButton } from '@plinth/ui';

/** The spec's default thumbnail: 150 by 150 (spec 03 §9). */
export const thumbnailSize = 150;

/** What a document card may offer; the control decides from the mode, the style and permissions. */
export interface DocumentCardActions {
  onPreview?: (() => void) | undefined;
  /** Preview as a button of its own (style showPreviewFileButton). */
  showPreviewButton?: boolean;
  /** No Preview in the menu (style hidePreviewFileAction); a Preview button still shows. */
  hidePreviewInMenu?: boolean;
  onDownload: () => void;
  onReplace?: (() => void) | undefined;
  onRemove?: (() => void) | undefined;
}

export interface DocumentCardProps extends DocumentCardActions {
  document: DocumentInfo;
}

const isImage = (document: DocumentInfo) => document.documentType?.mimeType.startsWith('image/') ?? false;

/** The extension as a badge: the type's own, else the file's. */
const badgeOf = (document: DocumentInfo) =>
  (document.fileExtension ?? document.documentType?.extension ?? '').toUpperCase() || 'FILE';

/**
 * One related document: a 150 by 150 thumbnail for an image (else its extension as a badge), its
 * name, extension and size, and its actions in a menu — 'Preview file', Download, 'Replace file',
 * Remove — with 'Preview file' as a button of its own when the style asks for it.
 */
export function DocumentCard({
  document,
  onPreview,
  showPreviewButton = false,
  hidePreviewInMenu = false,
  onDownload,
  onReplace,
  onRemove,
}: DocumentCardProps) {
  const items: ContextMenuItem[] = [
    ...(onPreview && !hidePreviewInMenu
      ? [{ id: 'preview', label: 'Preview file', onAction: onPreview }]
      : []),
    { id: 'download', label: 'Download', onAction: onDownload },
    ...(onReplace ? [{ id: 'replace', label: 'Replace file', onAction: onReplace }] : []),
    ...(onRemove ? [{ id: 'remove', label: 'Remove', onAction: onRemove }] : []),
  ];
  return (
    <li className="pl-doc-card" aria-label={document.name}>
      <div className="pl-doc-card__thumb" style={{ width: thumbnailSize, height: thumbnailSize }}>
        {isImage(document) ? (
          <img
            src={imageUrl(document.id, 'small')}
            alt={`Thumbnail of ${document.name}`}
            width={thumbnailSize}
            height={thumbnailSize}
            loading="lazy"
          />
        ) : (
          <span className="pl-doc-card__badge" aria-hidden="true">
            {badgeOf(document)}
          </span>
        )}
      </div>
      <span className="pl-doc-card__name" title={document.name}>
        {document.name}
      </span>
      <span className="pl-doc-card__meta">
        {[document.fileExtension?.toUpperCase(), formatFileSize(document.size)].filter(Boolean).join(' · ')}
      </span>
      <span className="pl-doc-card__actions">
        {showPreviewButton && onPreview && (
          <Button
            size="small"
            variant="outline"
            onPress={onPreview}
            aria-label={`Preview file ${document.name}`}
          >
            Preview file
          </Button>
        )}
        <MenuButton label="Actions" aria-label={`Actions for ${document.name}`} size="small" items={items} />
      </span>
    </li>
  );
}
