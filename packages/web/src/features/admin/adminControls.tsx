import type { MouseEvent, ReactNode } from 'react';
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';
import { navigate, useLocation } from '../../app/router';
import { PropertySelect } from './PropertyFields';
import './admin.css';

/** The admin area's tabs: Users, Roles, Objects, Apps, Workflows and Settings; the current one is marked for assistive technology. */
export function AdminTabs() {
  const { pathname } = useLocation();
  const tabs = [
    { to: '/admin/users', label: 'Users' },
    { to: '/admin/roles', label: 'Roles and access' },
    { to: '/admin/schema', label: 'Objects' },
    { to: '/admin/apps', label: 'Apps' },
    { to: '/admin/document-templates', label: 'Document templates' },
    { to: '/admin/workflows', label: 'Workflows' },
    { to: '/admin/settings', label: 'Settings' },
  ];
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <nav aria-label="Administration" className="pl-admin__tabs">
      {tabs.map((tab) => (
        <a
          key={tab.to}
          href={tab.to}
          onClick={follow(tab.to)}
          aria-current={pathname.startsWith(tab.to) ? 'page' : undefined}
        >
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

/** A check box in the admin forms. */
export function Check({
  value,
  children,
  isSelected,
  onChange,
  isDisabled,
}: {
  value?: string;
  children: ReactNode;
  isSelected?: boolean;
  onChange?: (selected: boolean) => void;
  isDisabled?: boolean;
}) {
  return (
    <Checkbox
      className="pl-admin__check"
      {...(value !== undefined ? { value } : {})}
      {...(isSelected !== undefined ? { isSelected } : {})}
      {...(onChange ? { onChange } : {})}
      {...(isDisabled !== undefined ? { isDisabled } : {})}
    >
      {({ isSelected: on }) => (
        <>
          <span className="pl-admin__check-box" aria-hidden="true">
            {on ? '✓' : ''}
          </span>
          {children}
        </>
      )}
    </Checkbox>
  );
}

/** Choose any of a list (roles, members) by check boxes; values are ids. */
export function CheckList({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ id: number; name: string }>;
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <CheckboxGroup
      className="pl-text-field"
      value={selected.map(String)}
      onChange={(values) => onChange(values.map(Number))}
    >
      <Label className="pl-field__label">{label}</Label>
      <div className="pl-admin__checks">
        {options.map((o) => (
          <Check key={o.id} value={String(o.id)}>
            {o.name}
          </Check>
        ))}
      </div>
    </CheckboxGroup>
  );
}

/** Choose one of a list by number ids (a type, a user, a new owner). */
export function Choose({
  label,
  options,
  selected,
  onChange,
  placeholder = 'Choose…',
}: {
  label: string;
  options: ReadonlyArray<{ id: number; name: string }>;
  selected: number | null;
  onChange: (id: number) => void;
  placeholder?: string;
}) {
  return (
    <PropertySelect
      label={label}
      options={options.map((o) => ({ id: String(o.id), name: o.name }))}
      value={selected === null ? null : String(selected)}
      onChange={(id) => onChange(Number(id))}
      placeholder={placeholder}
    />
  );
}
