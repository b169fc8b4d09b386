import type { ChangeEvent } from 'react';
import { AuthIcon, type AuthIconName } from './auth-icon';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password';
  autoComplete: string;
  icon: AuthIconName;
  /** Shown under the field and marks it invalid. */
  error?: string;
}

/** A labelled input with an icon and an error label under it, in semantic-ui's form markup. */
export function TextField({ id, label, value, onChange, type = 'text', autoComplete, icon, error }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="ui left icon input">
        <input
          id={id}
          name={id}
          type={type}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
        <AuthIcon name={icon} />
      </div>
      {error ? (
        <div id={errorId} className="ui basic red pointing prompt label" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
