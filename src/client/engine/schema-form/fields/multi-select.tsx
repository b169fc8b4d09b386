import type { ReactNode } from 'react';
import { AccessibleDropdown } from '@/client/shared/accessible-dropdown';
import { FieldLabel } from './field-label';

type Option = { key: string; value: string; text: string };

/**
 * A labelled, searchable multi-select of a form field: the values chosen, or undefined when
 * none is left (so a required list reports itself missing). `children` follow the dropdown
 * (the field's messages).
 */
export function MultiSelect(props: {
  id: string;
  className: string;
  title: string;
  options: Option[];
  value: string[];
  disabled: boolean;
  placeholder: string;
  loading?: boolean;
  noResultsMessage?: string;
  onChange: (values: string[] | undefined) => void;
  children?: ReactNode;
}) {
  return (
    <div className={props.className}>
      <FieldLabel text={props.title} htmlFor={props.id} />
      <AccessibleDropdown
        id={props.id}
        multiple
        search
        selection
        fluid
        loading={props.loading}
        placeholder={props.placeholder}
        noResultsMessage={props.noResultsMessage}
        options={props.options}
        value={props.value}
        disabled={props.disabled}
        onChange={(_e, d) => {
          const next = (d.value as string[] | undefined) ?? [];
          props.onChange(next.length ? next : undefined);
        }}
      />
      {props.children}
    </div>
  );
}
