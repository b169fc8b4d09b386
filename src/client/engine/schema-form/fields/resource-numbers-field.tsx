import { useMemo } from 'react';
import { Form, Input, Segment, Header } from 'semantic-ui-react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useLocaleText } from '@/client/engine/locale-text';
import { errorsAt, FieldErrors } from './field-errors';
import { FieldLabel } from './field-label';
import { groupResourceLimits, readResourceLimits, setResourceNumber } from './resource-limits';

/**
 * The requested resource numbers (`ui:field: resourceNumbers`) in HPC and CLOUD blocks: limits,
 * units, labels and blocks all come from rules/resource-limits.json. An empty input is not sent.
 */
export function ResourceNumbersField(props: FieldProps<Record<string, number>>) {
  const { schema, formData, errorSchema, disabled, readonly, fieldPathId, uiSchema } = props;
  const text = useLocaleText();
  const groups = useMemo(() => groupResourceLimits(readResourceLimits(schema)), [schema]);
  const locked = !!(disabled || readonly);
  return (
    <div className="resource-numbers" id={fieldPathId.$id}>
      <FieldLabel text={String(uiSchema?.['ui:title'] ?? '')} />
      {groups.map(([group, limits]) => (
        <Segment key={group} className="resource-group" data-testid={`resources-${group}`}>
          <Header as="h4">{group}</Header>
          <Form.Group widths={3} className="resource-grid">
            {limits.map((limit) => {
              const id = `${fieldPathId.$id}-${limit.name}`;
              const messages = errorsAt(errorSchema as ErrorSchema | undefined, limit.name);
              return (
                <Form.Field key={limit.name} error={messages.length > 0}>
                  <label htmlFor={id}>{text(limit.label)}</label>
                  <Input
                    id={id}
                    name={limit.name}
                    type="number"
                    min={limit.minimum}
                    max={limit.maximum}
                    step={1}
                    value={formData?.[limit.name] ?? ''}
                    disabled={locked}
                    {...(limit.unit ? { label: { basic: true, content: limit.unit }, labelPosition: 'right' as const } : {})}
                    onChange={(_e, data) => props.onChange(setResourceNumber(formData, limit.name, String(data.value)), fieldPathId.path)}
                  />
                  <FieldErrors messages={messages} />
                </Form.Field>
              );
            })}
          </Form.Group>
        </Segment>
      ))}
    </div>
  );
}
