import { type ReactNode, useId, useState } from 'react';
import type { FormContainerNode, FormFieldNode, FormNode, FormRelationshipNode } from './formTree';

export interface FormTreeViewProps {
  nodes: readonly FormNode[];
  renderControl: (node: FormFieldNode | FormRelationshipNode) => ReactNode;
}

/**
 * The containers of a form (spec 03 §2, decision 0074) around its controls: stacks lay their
 * members out vertically or side by side, a header column heads the form, a tab container shows one
 * tab at a time (a tab named '(expander)' opens and closes in place), and forms, screens and the
 * other containers group their members under their name.
 */
export function FormTreeView({ nodes, renderControl }: FormTreeViewProps) {
  return (
    <>
      {nodes.map((node) =>
        node.kind === 'container' ? (
          <ContainerView key={node.id} node={node} renderControl={renderControl} />
        ) : (
          <div key={node.id} className="pl-form-control" data-control-id={node.id}>
            {renderControl(node)}
          </div>
        ),
      )}
    </>
  );
}

function ContainerHeading({ node }: { node: FormContainerNode }) {
  if (!node.title || node.hideLabel) return null;
  return (
    <div className="pl-form-container__heading">
      <h2 className="pl-form-container__title">{node.title}</h2>
      {node.helpText && <p className="pl-form-container__help">{node.helpText}</p>}
    </div>
  );
}

function ContainerView({
  node,
  renderControl,
}: {
  node: FormContainerNode;
  renderControl: FormTreeViewProps['renderControl'];
}) {
  if (node.containerType === 'tabContainer') return <TabsView node={node} renderControl={renderControl} />;
  const layout =
    node.containerType === 'horizontalStack'
      ? 'horizontal'
      : node.containerType === 'headerColumn'
        ? 'header'
        : 'vertical';
  const isRender =
    node.containerType === 'formRender' ||
    node.containerType === 'chartRender' ||
    node.containerType === 'reportRender';
  return (
    <section
      className={`pl-form-container pl-form-container--${layout}`}
      data-container-type={node.containerType}
      aria-label={node.title || undefined}
    >
      <ContainerHeading node={node} />
      <div className="pl-form-container__members">
        <FormTreeView nodes={node.children} renderControl={renderControl} />
        {isRender && node.children.length === 0 && (
          <p className="pl-form-container__note">
            {node.containerType === 'chartRender'
              ? 'Charts'
              : node.containerType === 'reportRender'
                ? 'Reports'
                : 'Forms'}{' '}
            shown inside a record form are not available yet.
          </p>
        )}
      </div>
    </section>
  );
}

/** A tab container: its non-tab members first, then the tabs; expander tabs open in place. */
function TabsView({
  node,
  renderControl,
}: {
  node: FormContainerNode;
  renderControl: FormTreeViewProps['renderControl'];
}) {
  const tabs = node.children.filter((c): c is FormContainerNode => c.kind === 'container' && !c.isExpander);
  const expanders = node.children.filter(
    (c): c is FormContainerNode => c.kind === 'container' && c.isExpander,
  );
  const loose = node.children.filter((c) => c.kind !== 'container');
  const [selected, setSelected] = useState(tabs[0]?.id);
  const baseId = useId();
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  return (
    <section className="pl-form-container pl-form-tabs" aria-label={node.title || undefined}>
      <ContainerHeading node={node} />
      {loose.length > 0 && <FormTreeView nodes={loose} renderControl={renderControl} />}
      {tabs.length > 0 && (
        <>
          <div className="pl-form-tabs__list" role="tablist" aria-label={node.title || 'Tabs'}>
            {tabs.map((tab) => (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={`${baseId}-${tab.id}-tab`}
                aria-controls={`${baseId}-${tab.id}-panel`}
                aria-selected={tab.id === current?.id}
                tabIndex={tab.id === current?.id ? 0 : -1}
                className="pl-form-tabs__tab"
                onClick={() => setSelected(tab.id)}
                onKeyDown={(event) => {
                  const at = tabs.indexOf(tab);
                  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                  if (step === 0) return;
                  const next = tabs[(at + step + tabs.length) % tabs.length]!;
                  setSelected(next.id);
                  document.getElementById(`${baseId}-${next.id}-tab`)?.focus();
                }}
              >
                {tab.title || 'Untitled'}
              </button>
            ))}
          </div>
          {current && (
            <div
              role="tabpanel"
              id={`${baseId}-${current.id}-panel`}
              aria-labelledby={`${baseId}-${current.id}-tab`}
              className="pl-form-tabs__panel"
            >
              <FormTreeView nodes={current.children} renderControl={renderControl} />
            </div>
          )}
        </>
      )}
      {expanders.map((tab) => (
        <details key={tab.id} className="pl-form-expander">
          <summary>{tab.title.replace(/\s*\(expander\)\s*/i, ' ').trim() || 'More'}</summary>
          <FormTreeView nodes={tab.children} renderControl={renderControl} />
        </details>
      ))}
    </section>
  );
}
