import { Button, Fieldset, HStack, Stack } from '@chakra-ui/react';
import { PARAMETER_TYPES, type WorkflowParameter } from '../../../../api/workflows.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';

/** A workflow's parameters (R-WORKFLOW-MODEL): each a name, a type and the value a run gets unless set. */
export function ParametersEditor({
  parameters,
  onChange,
  error,
}: {
  parameters: WorkflowParameter[];
  onChange(parameters: WorkflowParameter[]): void;
  error?: string | undefined;
}) {
  const { t } = usePreferences();
  const change = (index: number, patch: Partial<WorkflowParameter>) =>
    onChange(parameters.map((each, at) => (at === index ? { ...each, ...patch } : each)));
  return (
    <Fieldset.Root invalid={error !== undefined}>
      <Fieldset.Legend fontWeight="semibold">{t('workflow.parameters')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('workflow.parametersHint')}</Fieldset.HelperText>
      <Stack gap="2">
        {parameters.map((parameter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parameter being renamed keeps its row
          <HStack key={index} align="flex-end" wrap="wrap">
            <FormField
              name={`parameters.${index}.name`}
              label={t('workflow.parameter.name')}
              value={parameter.name}
              onValue={(name) => change(index, { name })}
            />
            <SelectField
              label={t('workflow.parameter.type')}
              name={`parameters.${index}.type`}
              value={parameter.type}
              choices={PARAMETER_TYPES.map((type) => ({
                value: type,
                label: t(`workflow.parameter.${type}`),
              }))}
              onValue={(type) => change(index, { type: type as WorkflowParameter['type'] })}
            />
            <FormField
              name={`parameters.${index}.value`}
              label={t('workflow.parameter.value')}
              value={parameter.value}
              onValue={(value) => change(index, { value })}
            />
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={t('workflow.removeParameter', { name: parameter.name || String(index + 1) })}
              onClick={() => onChange(parameters.filter((_, at) => at !== index))}
            >
              {t('workflow.remove')}
            </Button>
          </HStack>
        ))}
      </Stack>
      <Button
        alignSelf="flex-start"
        size="sm"
        variant="outline"
        onClick={() => onChange([...parameters, { name: '', type: 'text', value: '' }])}
      >
        {t('workflow.addParameter')}
      </Button>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
