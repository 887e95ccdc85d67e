import type { PickerDataSource } from '@plinth/fields';
import {
  type Breakpoint,
  canRunAction,
  FilterPopup,
  IconButton,
  isRefreshEnabled,
  isSaveEnabled,
  offeredActions,
  type QuickMenuAction,
  RefreshButton,
  type ReportEvent,
  type ReportSnapshot,
  SearchBox,
  SortPopup,
  type ToolbarState,
} from '@plinth/grid';
import { Button, MenuButton, Tooltip } from '@plinth/ui';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { readOnlyActions } from './readOnlyReport';
import type { provideReportMachine } from './reportServices';
import { actionKey, actionLabel, toolbarActions } from './toolbarActions';

export type ReportActor = ActorRefFrom<ReturnType<typeof provideReportMachine>>;

export interface ReportToolbarProps {
  actor: ReportActor;
  toolbar: ToolbarState;
  breakpoint: Breakpoint;
  pickerDataSource?: PickerDataSource;
  /** Opens the report in the full-view modal; absent inside it. */
  onFullView?: () => void;
  /** Items the report view adds to More actions (a row's History). */
  moreItems?: ReadonlyArray<{ id: string; label: string; isDisabled?: boolean; onAction: () => void }>;
  /** Offers none of the actions that create, change or delete records (decision 0109). */
  isReadOnly?: boolean;
}

const sameActions = (a: QuickMenuAction[], b: QuickMenuAction[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The report's toolbar (spec 02 §2): refresh, search, Filter and Sort popups, New, primary
 * buttons, Export and overflow menus and Full view; Save and Discard replace New and the actions
 * while editing inline.
 */
export function ReportToolbar({
  actor,
  toolbar,
  breakpoint,
  pickerDataSource,
  onFullView,
  moreItems = [],
  isReadOnly = false,
}: ReportToolbarProps) {
  const send = (event: ReportEvent) => actor.send(event);
  const mode = useSelector(actor, (s) => s.context.mode);
  const selectedCount = useSelector(actor, (s) => s.context.selectedIds.length);
  const lastRefreshTime = useSelector(actor, (s) => s.context.lastRefreshTime);
  const searchValue = useSelector(actor, (s) => s.context.searchValue);
  const canRefresh = useSelector(actor, isRefreshEnabled);
  const canSave = useSelector(actor, isSaveEnabled);
  const offered = useSelector(actor, offeredActions, sameActions);
  const actions = useMemo(() => (isReadOnly ? readOnlyActions(offered) : offered), [offered, isReadOnly]);
  const enabled = useSelector(
    actor,
    (s: ReportSnapshot) => offered.map((a) => canRunAction(s, a)),
    (a, b) => a.length === b.length && a.every((x, i) => x === b[i]),
  );
  const places = useMemo(() => toolbarActions(actions, mode), [actions, mode]);
  const isEnabled = (action: QuickMenuAction) => enabled[offered.indexOf(action)] ?? false;
  const run = (action: QuickMenuAction) => send({ type: 'RUN_ACTION', action });
  const menuItems = (list: QuickMenuAction[]) =>
    list.map((a) => ({
      id: actionKey(a),
      label: actionLabel(a, selectedCount),
      isDisabled: !isEnabled(a),
      onAction: () => run(a),
    }));
  const isEditing = mode === 'inlineEditing';

  return (
    <div className="pl-report__toolbar" role="toolbar" aria-label="Report toolbar">
      <RefreshButton
        lastRefreshTime={lastRefreshTime}
        isDisabled={!canRefresh}
        onRefresh={() => send({ type: 'REFRESH' })}
      />
      {/* The machine debounces quick search itself (500 ms). */}
      <SearchBox
        value={searchValue}
        debounceMs={0}
        isDisabled={isEditing}
        onSearch={(value) => send({ type: 'SEARCH', value })}
      />
      <FilterPopup
        state={toolbar.filterState}
        breakpoint={breakpoint}
        isDisabled={isEditing}
        {...(pickerDataSource ? { pickerDataSource } : {})}
        onApply={(query, next) => {
          toolbar.setFilterState(next);
          send({ type: 'APPLY_FILTERS', conds: query.conds, limitValue: query.limitValue });
        }}
      />
      <SortPopup
        state={toolbar.sortState}
        breakpoint={breakpoint}
        isDisabled={isEditing}
        onApply={(sort, next) => {
          toolbar.setSortState(next);
          send({ type: 'APPLY_SORT', sort });
        }}
      />
      <span className="pl-report__toolbar-gap" />
      {isEditing ? (
        <>
          <Button variant="secondary" onPress={() => send({ type: 'DISCARD' })}>
            Discard
          </Button>
          <Button variant="primary" isDisabled={!canSave} onPress={() => send({ type: 'SAVE' })}>
            Save
          </Button>
        </>
      ) : (
        <>
          {places.create.length === 1 && (
            <Button
              variant="primary"
              isDisabled={!isEnabled(places.create[0]!)}
              onPress={() => run(places.create[0]!)}
            >
              New
            </Button>
          )}
          {places.create.length > 1 && (
            <MenuButton label="New" variant="primary" items={menuItems(places.create)} />
          )}
          {places.buttons.map((a) => (
            <Button key={actionKey(a)} variant="secondary" isDisabled={!isEnabled(a)} onPress={() => run(a)}>
              {actionLabel(a, selectedCount)}
            </Button>
          ))}
          {places.exports.length > 0 && <MenuButton label="Export" items={menuItems(places.exports)} />}
          <Tooltip content="More actions">
            <MenuButton
              label={<span aria-hidden="true">⋯</span>}
              aria-label="More actions"
              variant="subtle"
              items={[
                ...menuItems(places.overflow),
                ...moreItems,
                {
                  id: 'resetToDefault',
                  label: 'Reset to default',
                  onAction: () => send({ type: 'RESET_VIEW' }),
                },
              ]}
            />
          </Tooltip>
        </>
      )}
      {onFullView && (
        <IconButton label="Full view" onPress={onFullView}>
          ⤢
        </IconButton>
      )}
    </div>
  );
}
