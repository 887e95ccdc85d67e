import { Button } from '@plinth/ui';

export interface RelationshipTableToolbarProps {
  /** The related type's name: 'New {type}'. */
  typeName: string;
  canCreate: boolean;
  canRemove: boolean;
  canOpen: boolean;
  onAdd: () => void;
  onNew: () => void;
  onRemove: () => void;
  onOpen: () => void;
}

/** A relationship table's actions: New {type}, Add existing, Remove (the selected records), Open. */
export function RelationshipTableToolbar(props: RelationshipTableToolbarProps) {
  return (
    <div className="pl-rel-table__toolbar" role="toolbar" aria-label={`${props.typeName} actions`}>
      {props.canCreate && (
        <Button variant="outline" size="small" onPress={props.onNew}>
          {`New ${props.typeName}`}
        </Button>
      )}
      <Button variant="outline" size="small" onPress={props.onAdd}>
        Add existing
      </Button>
      <Button variant="outline" size="small" onPress={props.onRemove} isDisabled={!props.canRemove}>
        Remove
      </Button>
      <Button variant="subtle" size="small" onPress={props.onOpen} isDisabled={!props.canOpen}>
        Open
      </Button>
    </div>
  );
}
