import type { ReactNode } from 'react';

/** The states each building block is shown in. */
export const galleryStates = ['Empty', 'Filled', 'Focused', 'Error', 'Read-only', 'Disabled'] as const;
export type GalleryState = (typeof galleryStates)[number];

export interface GallerySectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** One building block's section. */
export function GallerySection({ id, title, children }: GallerySectionProps) {
  return (
    <section
      className="pl-gallery__section"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={`gallery-${id}`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A field shown in every state: `render(state)` draws it for one state. */
export function StateGrid({ render }: { render: (state: GalleryState) => ReactNode }) {
  return (
    <div className="pl-gallery__states">
      {galleryStates.map((state) => (
        <div key={state} className="pl-gallery__state" data-state={state}>
          <div className="pl-gallery__state-name">{state}</div>
          {render(state)}
        </div>
      ))}
    </div>
  );
}

/** Common props for a field in a gallery state. */
export function stateProps(state: GalleryState) {
  return {
    isReadOnly: state === 'Read-only',
    isDisabled: state === 'Disabled',
    ...(state === 'Error' ? { errorText: 'A value is required.', isMandatory: true } : {}),
    ...(state === 'Focused'
      ? { helpText: 'Focused on load: the first field of this kind takes focus.' }
      : {}),
  };
}
