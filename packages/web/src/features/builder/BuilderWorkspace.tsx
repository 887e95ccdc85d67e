import {
  type Breakpoint,
  type DropTarget,
  dropElement,
  findElement,
  findParent,
  type LayoutElement,
  moveWithinParent,
  type PageVersionContent,
  removeElement,
  renameElement,
} from '@plinth/schema';
import { toast } from '@plinth/ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { BuilderCanvas } from './canvas/BuilderCanvas';
import { BuilderDnd } from './canvas/BuilderDnd';
import type { DragData } from './canvas/CanvasElement';
import { createDropIndicatorStore } from './canvas/dropIndicator';
import { LayoutTab } from './LayoutTab';
import { ElementPropertiesPanel } from './properties/ElementPropertiesPanel';
import { breakpointNames } from './properties/panelEdit';
import { Toolbox } from './Toolbox';

export interface BuilderWorkspaceProps {
  content: PageVersionContent;
  /** A change of the page's content; typing in one field passes the same key, one undo step. */
  onContentChange(next: PageVersionContent, coalesceKey?: string): void;
  /** The File tab, the validation tabs and the page settings panel, as the screen makes them. */
  fileTab: ReactNode;
  validationTab: ReactNode;
  sharedPagesTab: ReactNode;
  /** The 'Issues in shared pages' tab; absent (hidden) until there are issues. */
  sharedIssuesTab?: ReactNode;
  /** The page settings panel, given what opens the page's root grid's properties. */
  pageSettings: (editGrid: () => void) => ReactNode;
  /** The left tab shown; kept by the screen so it stays as pages open. */
  tab: string;
  onTabChange(tab: string): void;
}

/**
 * The builder's working area (spec 01 §2): the left tabs, the page on the canvas at the chosen
 * breakpoint, and the right panel — the selected element's properties, or the page's settings when
 * nothing is selected. Drags from the toolbox and within the page go through one dnd-kit context.
 */
export function BuilderWorkspace({
  content,
  onContentChange,
  fileTab,
  validationTab,
  sharedPagesTab,
  sharedIssuesTab,
  pageSettings,
  tab,
  onTabChange,
}: BuilderWorkspaceProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('lg');
  const indicator = useMemo(() => createDropIndicatorStore(), []);
  // The shared pages' issues tab goes when their last issue is fixed: its place is Page Validation's.
  const shownTab = tab === 'sharedIssues' && !sharedIssuesTab ? 'validation' : tab;
  const selected = selectedId ? findElement(content, selectedId) : undefined;
  // An undo or a delete can take the selected element away: the panel returns to page settings.
  useEffect(() => {
    if (selectedId && !selected) setSelectedId(null);
  }, [selectedId, selected]);

  // Every element's name once per content: the canvas asks for each element's, every render.
  const labels = useMemo(() => elementLabels(content), [content]);
  const labelOf = (id: string) => labels.get(id) ?? id;

  const drop = (source: DragData, target: DropTarget): string | null => {
    const result = dropElement(content, source, target);
    if (!result.ok) {
      toast.error(result.message);
      return result.message;
    }
    onContentChange(result.content);
    if (result.selectedId) setSelectedId(result.selectedId);
    return null;
  };

  /** A click on a toolbox item: into the selected grid or container, after a selected component, else the page's end. */
  const add = (item: DragData) => {
    const root = content.configuration.root;
    let target: DropTarget = { parentId: root.id, index: root.elements.length };
    if (selected && selected.type !== 'component')
      target = { parentId: selected.id, index: selected.elements.length };
    else if (selected) {
      const parent = findParent(content, selected.id);
      if (parent) target = { parentId: parent.id, index: parent.elements.indexOf(selected) + 1 };
    }
    drop(item, target);
  };

  const remove = (id: string) => {
    const result = removeElement(content, id);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    onContentChange(result.content);
    if (selectedId === id) setSelectedId(null);
  };

  return (
    <BuilderDnd content={content} indicator={indicator} onDrop={drop} labelOf={labelOf}>
      <div className="pl-builder-screen__body">
        <Tabs
          className="pl-builder-tabs"
          selectedKey={shownTab}
          onSelectionChange={(key) => onTabChange(String(key))}
        >
          <TabList aria-label="Builder" className="pl-builder-tabs__list">
            <Tab id="components">Components</Tab>
            <Tab id="layout">Layout</Tab>
            <Tab id="file">File</Tab>
            <Tab id="validation">Page Validation</Tab>
            <Tab id="shared">Form page</Tab>
            {sharedIssuesTab ? <Tab id="sharedIssues">Issues in shared pages</Tab> : null}
          </TabList>
          <TabPanel id="components" className="pl-builder-tabs__panel">
            <Toolbox onAdd={add} />
          </TabPanel>
          <TabPanel id="layout" className="pl-builder-tabs__panel">
            <LayoutTab
              content={content}
              selectedId={selectedId}
              labelOf={labelOf}
              onSelect={setSelectedId}
              onRename={(id, name) => onContentChange(renameElement(content, id, name))}
              onMove={(id, delta) => onContentChange(moveWithinParent(content, id, delta))}
            />
          </TabPanel>
          <TabPanel id="file" className="pl-builder-tabs__panel">
            {fileTab}
          </TabPanel>
          <TabPanel id="validation" className="pl-builder-tabs__panel">
            {validationTab}
          </TabPanel>
          <TabPanel id="shared" className="pl-builder-tabs__panel">
            {sharedPagesTab}
          </TabPanel>
          {sharedIssuesTab ? (
            <TabPanel id="sharedIssues" className="pl-builder-tabs__panel">
              {sharedIssuesTab}
            </TabPanel>
          ) : null}
        </Tabs>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click beside the page returns to page settings; the panel's Close does too. */}
        <section
          className="pl-builder-canvas"
          aria-label="Page layout"
          onClick={(event) => {
            const target = event.target as Element;
            if (!target.closest('[data-element-id], .pl-builder-canvas__toolbar')) setSelectedId(null);
          }}
        >
          <div className="pl-builder-canvas__toolbar">
            <fieldset className="pl-builder-canvas__devices" aria-label="Show the layout at">
              {(['lg', 'md', 'sm'] as const).map((bp) => (
                <label key={bp}>
                  <input
                    type="radio"
                    name="builder-breakpoint"
                    value={bp}
                    checked={breakpoint === bp}
                    onChange={() => setBreakpoint(bp)}
                  />
                  {breakpointNames[bp]}
                </label>
              ))}
            </fieldset>
          </div>
          <BuilderCanvas
            content={content}
            breakpoint={breakpoint}
            selectedId={selectedId}
            indicator={indicator}
            onSelect={(id) => setSelectedId(id === content.configuration.root.id ? null : id)}
            labelOf={labelOf}
          />
        </section>
        <aside className="pl-builder-screen__panel">
          {selected ? (
            <ElementPropertiesPanel
              content={content}
              selectedId={selected.id}
              breakpoint={breakpoint}
              onChange={onContentChange}
              onDelete={remove}
              onClose={() => setSelectedId(null)}
              onSelectedIdChange={setSelectedId}
            />
          ) : (
            pageSettings(() => setSelectedId(content.configuration.root.id))
          )}
        </aside>
      </div>
    </BuilderDnd>
  );
}

/** The names elements are shown and announced by: their own, their component's, else their id. */
function elementLabels(content: PageVersionContent): Map<string, string> {
  const componentNames = new Map(content.components.map((c) => [c.id, c.name]));
  const labels = new Map<string, string>();
  const walk = (element: LayoutElement) => {
    labels.set(element.id, element.name || componentNames.get(element.id) || element.id);
    for (const child of element.elements) walk(child);
  };
  walk(content.configuration.root);
  labels.set(content.configuration.root.id, 'Page');
  return labels;
}
