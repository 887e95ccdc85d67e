import {
  type CalcEditorApi,
  createCalcEditorApi,
  type EditorParameter,
  LazyExpressionEditor,
  ModalExpressionEditor,
  PopupExpressionEditor,
} from '@plinth/expression-editor';
import { Button } from '@plinth/ui';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { ApiClient } from '../../api/apiClient';
import { GallerySection } from './StateGrid';

const opportunity = 'crm:opportunity';
const pageVariables: EditorParameter[] = [
  { name: 'PageInput', type: 'Entity', entityTypeId: 'crm:account' },
  { name: 'Discount', type: 'Decimal' },
];

/** The expression editor's calls through the signed-in session's client. */
export function useCalcEditorApi(client: ApiClient): CalcEditorApi {
  return useMemo(
    () =>
      createCalcEditorApi((method, path, body, signal) =>
        client.call(method, path, z.unknown(), body, signal),
      ),
    [client],
  );
}

/** The expression editor in its presentations, sizes, resize modes and read-only, on the demo data. */
export function ExpressionEditorSections({ client }: { client: ApiClient }) {
  const api = useCalcEditorApi(client);
  const [popupValue, setPopupValue] = useState("iif([Amount] > 10000, 'Large', 'Small')");
  const [modalValue, setModalValue] = useState('[Amount] * (1 - isnull([Discount], 0))');
  const [isModalOpen, setModalOpen] = useState(false);
  const [isReadOnlyModalOpen, setReadOnlyModalOpen] = useState(false);
  return (
    <>
      <GallerySection id="expression-editor" title="Expression editor">
        <div className="pl-gallery__editors">
          <div>
            <div className="pl-gallery__state-name">Small, on an opportunity, with variables</div>
            <LazyExpressionEditor
              api={api}
              label="Calculation"
              contextType={opportunity}
              params={pageVariables}
              defaultValue="[Amount] * [Probability] / 100"
              evaluateOnLoad
            />
          </div>
          <div>
            <div className="pl-gallery__state-name">Large, resizable, with an error</div>
            <LazyExpressionEditor
              api={api}
              label="Calculation with an error"
              contextType={opportunity}
              size="large"
              resize="vertical"
              defaultValue={'iif([Amount] > 1000,\n  [Account].[Annual Revenu],\n  0)'}
              evaluateOnLoad
            />
          </div>
          <div>
            <div className="pl-gallery__state-name">Read-only</div>
            <LazyExpressionEditor
              api={api}
              label="Read-only calculation"
              contextType={opportunity}
              defaultValue="datediff(day, getdate(), [Close Date])"
              isReadOnly
              evaluateOnLoad
            />
          </div>
          <div>
            <div className="pl-gallery__state-name">Empty, no context type</div>
            <LazyExpressionEditor api={api} label="Empty calculation" showLiveResult={false} evaluateOnLoad />
          </div>
        </div>
      </GallerySection>
      <GallerySection id="expression-editor-presentations" title="Expression editor: popup and modal">
        <div className="pl-gallery__editors">
          <div>
            <div className="pl-gallery__state-name">Popup editor</div>
            <PopupExpressionEditor
              api={api}
              label="Deal size"
              contextType={opportunity}
              value={popupValue}
              onValueChange={setPopupValue}
              evaluateOnLoad
            />
          </div>
          <div className="pl-gallery__row">
            <Button onPress={() => setModalOpen(true)}>Open the modal editor</Button>
            <Button onPress={() => setReadOnlyModalOpen(true)}>Open it read-only</Button>
            <code>{modalValue}</code>
            <ModalExpressionEditor
              api={api}
              label="Net amount"
              overline="Calculated field"
              title="Net amount"
              contextType={opportunity}
              params={pageVariables}
              value={modalValue}
              onPrimary={setModalValue}
              isOpen={isModalOpen}
              onOpenChange={setModalOpen}
              resize="vertical"
              evaluateOnLoad
            />
            <ModalExpressionEditor
              api={api}
              label="Net amount (read-only)"
              overline="Calculated field"
              title="Net amount"
              contextType={opportunity}
              params={pageVariables}
              value={modalValue}
              onPrimary={setModalValue}
              isOpen={isReadOnlyModalOpen}
              onOpenChange={setReadOnlyModalOpen}
              isReadOnly
              evaluateOnLoad
            />
          </div>
        </div>
      </GallerySection>
    </>
  );
}
