import { Button, Fieldset, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { STEP_ACTIONS, type WorkflowStep } from '../../../../api/workflows.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { usePresets } from '../../asset-widgets/conversion-presets.ts';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useStamps } from './stamps-queries.ts';

type Action = (typeof STEP_ACTIONS)[number];
/** A step as the editor holds it: every field as text, whatever the action uses. */
export type StepDraft = Record<string, string> & { action: Action };

const FIELDS: Record<Action, string[]> = {
  move: ['folder'],
  copy: ['folder'],
  setField: ['key', 'value'],
  addKeyword: ['word'],
  applyStamp: ['stampId'],
  notify: ['text'],
  callUrl: ['url', 'secret'],
  convert: ['presetId', 'into', 'folder'],
  share: ['to', 'days', 'message'],
  requestApproval: ['reason'],
};
/** The fields the API takes as numbers. */
const NUMBERS = new Set(['stampId', 'presetId', 'days']);

export const stepDraft = (step: WorkflowStep): StepDraft =>
  Object.fromEntries(Object.entries(step).map(([key, value]) => [key, String(value)])) as StepDraft;

/** The step as the API takes it: only its action's fields (those left empty take their default), ids numbers. */
export const stepBody = (draft: StepDraft) =>
  Object.fromEntries([
    ['action', draft.action],
    ...FIELDS[draft.action].flatMap((key) => {
      const value = draft[key] ?? '';
      if (key === 'into') return [[key, value || 'folder']];
      if (key === 'days' && value === '') return [];
      return [[key, NUMBERS.has(key) ? Number(value || 0) : value]];
    }),
  ]);

/**
 * A Regular workflow's steps (R-WORKFLOW-STEPS), in order: each an action and its fields; added, removed and moved
 * up with buttons (keyboard-reachable, each labelled with its step's number).
 */
export function StepsEditor({
  steps,
  onChange,
  error,
}: {
  steps: StepDraft[];
  onChange(steps: StepDraft[]): void;
  error?: string | undefined;
}) {
  const { t } = usePreferences();
  const stamps = useStamps();
  const presets = usePresets();
  const change = (index: number, patch: Partial<StepDraft>) =>
    onChange(steps.map((step, at) => (at === index ? ({ ...step, ...patch } as StepDraft) : step)));
  const field = (step: StepDraft, index: number, key: string) => {
    if (key === 'presetId')
      return (
        <SelectField
          key={key}
          label={t('workflow.step.presetId')}
          name={`steps.${index}.presetId`}
          value={step.presetId ?? ''}
          none={t('workflow.step.choosePreset')}
          choices={(presets.data ?? []).map((preset) => ({ value: preset.id, label: preset.name }))}
          onValue={(presetId) => change(index, { presetId })}
        />
      );
    if (key === 'into')
      return (
        <SelectField
          key={key}
          label={t('workflow.step.into')}
          name={`steps.${index}.into`}
          value={step.into || 'folder'}
          choices={[
            { value: 'folder', label: t('workflow.step.intoFolder') },
            { value: 'dock', label: t('workflow.step.intoDock') },
          ]}
          onValue={(into) => change(index, { into })}
        />
      );
    // A conversion into the dock names no folder.
    if (key === 'folder' && step.action === 'convert' && step.into === 'dock') return null;
    return key === 'stampId' ? (
      <SelectField
        key={key}
        label={t('workflow.step.stampId')}
        name={`steps.${index}.stampId`}
        value={step.stampId ?? ''}
        none={t('workflow.step.chooseStamp')}
        choices={(stamps.data ?? []).map((stamp) => ({ value: stamp.id, label: stamp.name }))}
        onValue={(stampId) => change(index, { stampId })}
      />
    ) : (
      <FormField
        key={key}
        name={`steps.${index}.${key}`}
        label={t(`workflow.step.${key as 'folder'}`)}
        type={key === 'secret' ? 'password' : key === 'days' ? 'number' : 'text'}
        value={step[key] ?? ''}
        onValue={(value) => change(index, { [key]: value })}
      />
    );
  };
  return (
    <Fieldset.Root invalid={error !== undefined}>
      <Fieldset.Legend fontWeight="semibold">{t('workflow.steps')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('workflow.stepsHint')}</Fieldset.HelperText>
      <Stack as="ol" gap="3" ps="0" listStyleType="none">
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity but their place
          <Stack as="li" key={index} borderWidth="1px" rounded="md" p="3" gap="2">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
              <SelectField
                label={t('workflow.stepNumber', { n: index + 1 })}
                name={`steps.${index}.action`}
                value={step.action}
                choices={STEP_ACTIONS.map((action) => ({
                  value: action,
                  label: t(`workflow.action.${action}`),
                }))}
                onValue={(action) => change(index, { action: action as Action })}
              />
              {FIELDS[step.action].map((key) => field(step, index, key))}
            </SimpleGrid>
            <HStack>
              <Button
                size="xs"
                variant="outline"
                disabled={index === 0}
                aria-label={t('workflow.moveStepUp', { n: index + 1 })}
                onClick={() => {
                  const next = [...steps];
                  [next[index - 1], next[index]] = [next[index] as StepDraft, next[index - 1] as StepDraft];
                  onChange(next);
                }}
              >
                {t('workflow.up')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={t('workflow.removeStep', { n: index + 1 })}
                onClick={() => onChange(steps.filter((_, at) => at !== index))}
              >
                {t('workflow.remove')}
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
      <Button
        alignSelf="flex-start"
        size="sm"
        variant="outline"
        onClick={() => onChange([...steps, { action: 'setField', key: '', value: '' }])}
      >
        {t('workflow.addStep')}
      </Button>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
