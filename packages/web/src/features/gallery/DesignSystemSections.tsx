import {
  Button,
  type ButtonSize,
  type ButtonVariant,
  ConfirmDialog,
  ContextMenu,
  ErrorDisplay,
  HelpText,
  LoadingGrid,
  Modal,
  type ModalButton,
  Popover,
  Tooltip,
  toast,
  toastPositions,
} from '@plinth/ui';
import { useState } from 'react';
import { GallerySection } from './StateGrid';

const variants: ButtonVariant[] = ['primary', 'secondary', 'outline', 'subtle'];
const sizes: ButtonSize[] = ['small', 'standard', 'large'];
const buttonSets: Record<string, ModalButton['kind'][]> = {
  'Apply / Cancel': ['cancel', 'apply'],
  Close: ['close'],
  OK: ['ok'],
  'Discard / Cancel': ['cancel', 'discard'],
  'Yes / No': ['no', 'yes'],
};

export function DesignSystemSections() {
  const [openSet, setOpenSet] = useState<string | null>(null);
  const [isLockedOpen, setLockedOpen] = useState(false);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  return (
    <>
      <GallerySection id="buttons" title="Buttons">
        <table className="pl-gallery__table">
          <tbody>
            {variants.map((variant) => (
              <tr key={variant}>
                <th scope="row">{variant}</th>
                {sizes.map((size) => (
                  <td key={size}>
                    <Button variant={variant} size={size}>
                      {size}
                    </Button>
                  </td>
                ))}
                <td>
                  <Button variant={variant} isDisabled>
                    disabled
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </GallerySection>

      <GallerySection id="modals" title="Modals">
        <div className="pl-gallery__row">
          {Object.keys(buttonSets).map((name) => (
            <Button key={name} onPress={() => setOpenSet(name)}>
              {name}
            </Button>
          ))}
          <Button onPress={() => setOpenSet('Custom')}>Custom buttons</Button>
          <Button onPress={() => setLockedOpen(true)}>No close button</Button>
          <Button onPress={() => setConfirmOpen(true)}>Confirm dialog</Button>
        </div>
        <Modal
          title={`Modal: ${openSet ?? ''}`}
          isOpen={openSet !== null}
          onOpenChange={(open) => !open && setOpenSet(null)}
          buttons={
            openSet === 'Custom'
              ? [
                  { kind: 'custom', label: 'Archive', onPress: () => setOpenSet(null) },
                  { kind: 'custom', label: 'Publish', variant: 'primary', onPress: () => setOpenSet(null) },
                ]
              : (buttonSets[openSet ?? ''] ?? []).map(
                  (kind) => ({ kind, onPress: () => setOpenSet(null) }) as ModalButton,
                )
          }
        >
          Escape closes this modal.
        </Modal>
        <Modal
          title="Unsaved changes"
          isOpen={isLockedOpen}
          onOpenChange={setLockedOpen}
          hideCloseButton
          buttons={[
            { kind: 'discard', onPress: () => setLockedOpen(false) },
            { kind: 'cancel', onPress: () => setLockedOpen(false) },
          ]}
        >
          The close button is hidden, so Escape does not close this modal.
        </Modal>
        <ConfirmDialog
          title="Confirm delete"
          message="Delete the selected record?"
          isOpen={isConfirmOpen}
          onConfirm={() => {
            setConfirmOpen(false);
            toast.success('Deleted');
          }}
          onCancel={() => setConfirmOpen(false)}
        />
      </GallerySection>

      <GallerySection id="toasts" title="Toasts">
        <div className="pl-gallery__row">
          <Button onPress={() => toast.success('Table has been reset to default view.')}>Success</Button>
          <Button onPress={() => toast.warning('You cannot select more than 200 items.')}>Warning</Button>
          <Button onPress={() => toast.error('Notification Error', { description: 'The source failed.' })}>
            Error
          </Button>
        </div>
        <div className="pl-gallery__row">
          {toastPositions.map((position) => (
            <Button key={position} size="small" onPress={() => toast.info(`At ${position}`, { position })}>
              {position}
            </Button>
          ))}
        </div>
      </GallerySection>

      <GallerySection id="overlays" title="Tooltip, popover, context menu, help text">
        <div className="pl-gallery__row">
          <Tooltip content="Last refreshed a moment ago">
            <Button>Hover or focus me</Button>
          </Tooltip>
          <Popover label="Filter by" content={<p>Popover content with focus inside.</p>}>
            <Button>Open popover</Button>
          </Popover>
          <HelpText label="Short help" text="Help up to 1000 characters shows in a tooltip." />
          <HelpText
            label="Long help"
            text={`${'Help longer than 1000 characters opens a dialog. '.repeat(22)}`}
          />
        </div>
        <ContextMenu
          aria-label="Row actions"
          items={[
            { id: 'view', label: 'View', onAction: () => toast.info('View') },
            { id: 'edit', label: 'Edit', onAction: () => toast.info('Edit') },
            {
              id: 'export',
              label: 'Export',
              items: [
                { id: 'excel', label: 'Excel', onAction: () => toast.info('Excel') },
                { id: 'csv', label: 'CSV', onAction: () => toast.info('CSV') },
              ],
            },
            { id: 'delete', label: 'Delete', isDisabled: true },
          ]}
        >
          <div className="pl-gallery__context-area">Right-click here for the context menu</div>
        </ContextMenu>
      </GallerySection>

      <GallerySection id="feedback" title="Error display and loading placeholders">
        <ErrorDisplay message="The report could not be loaded." homeHref="/apps" />
        <LoadingGrid columns={4} rows={3} />
        <LoadingGrid columns={12} rows={1} />
      </GallerySection>
    </>
  );
}
