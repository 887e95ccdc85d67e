import { Button, Popover, SparkleIcon } from '@plinth/ui';
import { useState } from 'react';
import { AiExplainPanel } from '../ai/AiExplainPanel';
import { AiGeneratePanel } from '../ai/AiGeneratePanel';
import type { AiVariable, CalcEditorApi } from '../api/calcEditorApi';
import type { FunctionInfo, SnippetsAnswer } from '../api/calcEditorContracts';
import { findFunctionPlaceholder, findSnippetPlaceholder, helpPath } from '../api/editorMessages';
import { bracketed, type EditorVariable } from '../editor/calcCompletion';
import { InsertList } from './InsertList';
import { functionItems, snippetItems } from './insertItems';

export interface ExpressionToolbarProps {
  api: CalcEditorApi;
  expression: string;
  functions: readonly FunctionInfo[];
  snippets: SnippetsAnswer | null;
  variables: readonly EditorVariable[];
  isAiGenerateEnabled: boolean;
  isReadOnly: boolean;
  returnType?: string | undefined;
  /** The record type the expression is written for: AI reads its fields. */
  contextType?: number | string | undefined;
  appName?: string | undefined;
  pageName?: string | undefined;
  onShowHints: () => void;
  /** Inserts text at the cursor; `cursorBack` leaves the cursor that many characters before its end. */
  onInsert: (text: string, cursorBack?: number) => void;
  onReplace: (expression: string) => void;
}

type PopupName = 'functions' | 'snippets' | 'variables' | 'explain' | 'generate' | null;

const aiVariables = (variables: readonly EditorVariable[]): AiVariable[] =>
  variables.map((v) => ({ name: v.name, type: v.type, isList: v.isList, entityTypeId: v.entityTypeId }));

/** Opens the calculation reference in a popup window (spec 03 §2, §7). */
export function openHelp(): void {
  window.open(helpPath, 'plinth-calculation-help', 'popup,width=960,height=760');
}

/**
 * The editor's toolbar (spec 03 §2): show hints, Functions, Snippets, Variables (hidden when there
 * are none), AI Explain Expression (disabled while empty), AI Generate (hidden unless its flag is
 * on), a separator, Help.
 */
export function ExpressionToolbar(props: ExpressionToolbarProps) {
  const { api, expression, variables, isReadOnly, onInsert } = props;
  const [open, setOpen] = useState<PopupName>(null);
  const popup = (name: Exclude<PopupName, null>) => ({
    isOpen: open === name,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? name : null),
  });
  const insertAndClose = (text: string, cursorBack?: number) => {
    setOpen(null);
    onInsert(text, cursorBack);
  };
  const isEmpty = expression.trim() === '';

  return (
    <div className="pl-expr-toolbar" role="toolbar" aria-label="Expression tools">
      <Button
        variant="subtle"
        size="small"
        aria-label="Show hints (Ctrl-Space)"
        isDisabled={isReadOnly}
        onPress={props.onShowHints}
      >
        <span className="pl-expr-glyph" data-glyph="⌨" aria-hidden="true" /> Hints
      </Button>
      <Popover
        label="Functions"
        {...popup('functions')}
        content={
          <InsertList
            label="Functions"
            items={functionItems(props.functions)}
            searchPlaceholder={findFunctionPlaceholder}
            onInsert={(item) => insertAndClose(item.text, 1)}
          />
        }
      >
        <Button variant="subtle" size="small" aria-label="Functions" isDisabled={isReadOnly}>
          <span className="pl-expr-glyph" data-glyph="ƒx" aria-hidden="true" /> Functions
        </Button>
      </Popover>
      <Popover
        label="Snippets"
        {...popup('snippets')}
        content={
          <InsertList
            label="Snippets"
            items={props.snippets ? snippetItems(props.snippets.group, props.snippets.snippets) : []}
            searchPlaceholder={findSnippetPlaceholder}
            onInsert={(item) => insertAndClose(item.text)}
          />
        }
      >
        <Button variant="subtle" size="small" aria-label="Snippets" isDisabled={isReadOnly}>
          <span className="pl-expr-glyph" data-glyph="{ }" aria-hidden="true" /> Snippets
        </Button>
      </Popover>
      {variables.length > 0 && (
        <Popover
          label="Variables"
          {...popup('variables')}
          content={
            <ul className="pl-expr-variables" aria-label="Variables">
              {variables.map((v) => (
                <li key={v.name}>
                  <Button variant="subtle" size="small" onPress={() => insertAndClose(bracketed(v.name))}>
                    {bracketed(v.name)}
                    {v.type && (
                      <span className="pl-expr-variables__type">
                        {v.isList ? 'list of ' : ''}
                        {v.type}
                      </span>
                    )}
                  </Button>
                </li>
              ))}
            </ul>
          }
        >
          <Button variant="subtle" size="small" aria-label="Variables" isDisabled={isReadOnly}>
            <span className="pl-expr-glyph" data-glyph="[x]" aria-hidden="true" /> Variables
          </Button>
        </Popover>
      )}
      <Popover
        label="AI Explain Expression"
        {...popup('explain')}
        content={
          <AiExplainPanel
            api={api}
            expression={expression}
            variables={aiVariables(variables)}
            contextType={props.contextType}
            appName={props.appName}
            pageName={props.pageName}
          />
        }
      >
        <Button variant="subtle" size="small" aria-label="AI Explain Expression" isDisabled={isEmpty}>
          <SparkleIcon /> Explain
        </Button>
      </Popover>
      {props.isAiGenerateEnabled && (
        <Popover
          label="AI Generate"
          {...popup('generate')}
          content={
            <AiGeneratePanel
              api={api}
              currentCalculation={expression}
              variables={aiVariables(variables)}
              returnType={props.returnType}
              contextType={props.contextType}
              onUpdate={(calculation) => {
                setOpen(null);
                props.onReplace(calculation);
              }}
              onClose={() => setOpen(null)}
            />
          }
        >
          <Button variant="subtle" size="small" aria-label="AI Generate" isDisabled={isReadOnly}>
            <SparkleIcon /> Generate
          </Button>
        </Popover>
      )}
      {/* The separator and Help wrap together on a narrow screen. */}
      <span className="pl-expr-toolbar__end">
        <hr className="pl-expr-toolbar__separator" aria-orientation="vertical" />
        <Button variant="subtle" size="small" aria-label="Help" onPress={openHelp}>
          <span className="pl-expr-glyph" data-glyph="?" aria-hidden="true" /> Help
        </Button>
      </span>
    </div>
  );
}
