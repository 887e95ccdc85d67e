import { IconButton, Modal } from '@plinth/ui';
import { useMemo, useState } from 'react';
import { sanitizeRichText } from './sanitizeRichText';

export interface HtmlViewerProps {
  /** The rich text shown; sanitised with the shared allow-list before it is shown. */
  html: string;
  /** The modal's title (spec 03 "HTML viewer": 'Text' by default). */
  title?: string;
}

/**
 * Rich text shown read-only (spec 03 "HTML viewer"): inline, at most a few lines high, with a
 * button that opens the whole of it in a modal of fixed height (20rem) that scrolls.
 */
export function HtmlViewer({ html, title = 'Text' }: HtmlViewerProps) {
  const [isOpen, setOpen] = useState(false);
  const safe = useMemo(() => ({ __html: sanitizeRichText(html) }), [html]);
  return (
    <div className="pl-html-viewer">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the shared allow-list above */}
      <div className="pl-html-viewer__inline" dangerouslySetInnerHTML={safe} />
      <IconButton
        label={`Open ${title} in a window`}
        size="small"
        className="pl-html-viewer__open"
        onPress={() => setOpen(true)}
      >
        ⤢
      </IconButton>
      <Modal
        title={title}
        isOpen={isOpen}
        onOpenChange={setOpen}
        buttons={[{ kind: 'close', onPress: () => setOpen(false) }]}
      >
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the shared allow-list above */}
        <div className="pl-html-viewer__modal" dangerouslySetInnerHTML={safe} />
      </Modal>
    </div>
  );
}
