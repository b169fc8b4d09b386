/** The label of a custom field (RJSF shows no label for fields that render themselves). */
export function FieldLabel({ text, required, htmlFor }: { text: string; required?: boolean; htmlFor?: string }) {
  if (!text) return null;
  return (
    <label className={required ? 'custom-field-label required' : 'custom-field-label'} htmlFor={htmlFor}>
      {text}
    </label>
  );
}
