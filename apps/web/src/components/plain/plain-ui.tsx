import { useId, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import './plain-ui.css';

/*
 * Form parts for the login page, which loads without Mantine (docs/decisions.md): plain elements styled like
 * their Mantine counterparts by plain-ui.css, with the same labels, roles and ARIA states.
 */

export type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/** A link that navigates in the page on a plain click and behaves as a link otherwise (new tab, copy address). */
export function PlainLink({
  to,
  navigate,
  className = 'pb-link',
  children,
}: {
  to: string;
  navigate: Navigate;
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a className={className} href={to} onClick={onClick}>
      {children}
    </a>
  );
}

type FieldProps = {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onFocus: () => void;
  inputMode?: 'numeric' | 'text';
};

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (ids: { input: string; error: string }) => ReactNode;
}) {
  const id = useId();
  const ids = { input: `${id}-input`, error: `${id}-error` };
  return (
    <div className="pb-field" data-error={error ? true : undefined}>
      <label htmlFor={ids.input}>{label}</label>
      {children(ids)}
      {error && (
        <p className="pb-error" id={ids.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function inputProps(props: FieldProps, ids: { input: string; error: string }) {
  return {
    id: ids.input,
    className: 'pb-input',
    name: props.name,
    value: props.value,
    autoComplete: props.autoComplete,
    'aria-invalid': Boolean(props.error),
    'aria-describedby': props.error ? ids.error : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => props.onChange(event.currentTarget.value),
    onBlur: props.onBlur,
    onFocus: props.onFocus,
    inputMode: props.inputMode,
  };
}

export function PlainTextField(props: FieldProps & { type: 'email' | 'text' }) {
  return (
    <Field label={props.label} error={props.error}>
      {(ids) => (
        <div className="pb-input-wrap">
          <input type={props.type} {...inputProps(props, ids)} />
        </div>
      )}
    </Field>
  );
}

/** A password input with a button that shows or hides the characters (kept out of the tab order, as Mantine's). */
export function PlainPasswordField(props: FieldProps & { toggleLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={props.label} error={props.error}>
      {(ids) => (
        <div className="pb-input-wrap" data-with-toggle>
          <input type={visible ? 'text' : 'password'} {...inputProps(props, ids)} />
          <button
            type="button"
            className="pb-toggle"
            tabIndex={-1}
            aria-label={props.toggleLabel}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="20" height="20" aria-hidden>
      <path {...stroke} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
      <circle {...stroke} cx="128" cy="128" r="40" />
      {crossed && <path {...stroke} d="M48 40l160 176" />}
    </svg>
  );
}

/** A button that reads as a link: a second way forward that does not submit the form. */
export function PlainTextButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="pb-link pb-text-button" onClick={onClick}>
      {children}
    </button>
  );
}

export function PlainButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="pb-button" disabled={loading} data-loading={loading || undefined}>
      {loading && <span className="pb-spinner" aria-hidden />}
      <span className="pb-button-label">{children}</span>
    </button>
  );
}

export function PlainAlert({
  color,
  role,
  children,
}: {
  color: 'green' | 'red' | 'orange';
  role: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <div className="pb-alert" data-color={color} role={role}>
      {children}
    </div>
  );
}

/** A native select, as Mantine's NativeSelect looks at size xs. */
export function PlainSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="pb-select">
      <select aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden>
        <path
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
          d="M4.932 5.432a.45.45 0 1 0 .636.636L7.5 4.136l1.932 1.932a.45.45 0 0 0 .636-.636l-2.25-2.25a.45.45 0 0 0-.636 0l-2.25 2.25Zm5.136 4.136a.45.45 0 0 0-.636-.636L7.5 10.864 5.568 8.932a.45.45 0 0 0-.636.636l2.25 2.25a.45.45 0 0 0 .636 0l2.25-2.25Z"
        />
      </svg>
    </div>
  );
}
