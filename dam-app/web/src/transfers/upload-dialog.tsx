import { Button, CloseButton, Flex, RadioGroup, Stack, Text } from '@chakra-ui/react';
import type { Connect } from '@rapid/sdk';
import { useState } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { Modal } from '../components/modal.tsx';
import type { UploadTarget } from './transfer-context.ts';
import { useTransferText } from './transfer-text.ts';

/** R-DIALOG-SIZES: the Upload dialog is 364 px wide. */
export const UPLOAD_DIALOG_WIDTH = '364px';

export type UploadOption = 'standard' | 'current';

interface Line {
  key: number;
  path?: string;
}

const nameOf = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * R-UPLOAD-DIALOG Upload dialog: a Choose Files list where every picked file has its own Choose File button (the client's
 * own file dialog picks it), Upload Options (Standard or Current Directory), Upload and Cancel. Upload with no file
 * clears the state (R-UPLOAD-TARGET); with a line still empty it says so and uploads nothing (R-UPLOAD-CHOOSE-LINES),
 * so no line the person added is dropped without a word.
 */
export function UploadDialog(props: {
  open: boolean;
  connect: Connect;
  current: UploadTarget;
  /** The standard directory's name (the ACL's root folder), shown beside its option so nobody uploads there by surprise. */
  standardName: string;
  onUpload(paths: string[], option: UploadOption): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const text = useTransferText();
  const [lines, setLines] = useState<Line[]>([{ key: 0 }]);
  const [option, setOption] = useState<UploadOption>('standard');
  const [notice, setNotice] = useState<string>();
  const reset = () => {
    setLines([{ key: Date.now() }]);
    setOption('standard');
  };

  /** The client's file dialog; a file for this line, and a line of its own for every further file picked. */
  const choose = async (key: number) => {
    let paths: string[];
    try {
      const picked = await props.connect.showSelectFileDialogPromise({ allowMultipleSelection: true });
      paths = picked.dataTransfer.files.map((file) => file.name);
    } catch {
      return; // The person closed the client's dialog: nothing changes.
    }
    const [first, ...more] = paths;
    if (!first) return;
    setNotice(undefined);
    setLines((current) => {
      const next = current.flatMap((line) =>
        line.key === key
          ? [{ ...line, path: first }, ...more.map((path, index) => ({ key: Date.now() + index + 1, path }))]
          : [line],
      );
      return next;
    });
  };

  const addLine = () => {
    setNotice(undefined);
    setLines((current) => [...current, { key: Date.now() + current.length + 1 }]);
  };
  const removeLine = (key: number) =>
    setLines((current) => {
      const rest = current.filter((each) => each.key !== key);
      return rest.length > 0 ? rest : [{ key: Date.now() }];
    });

  const upload = () => {
    const paths = lines.flatMap((line) => (line.path ? [line.path] : []));
    if (paths.length === 0) {
      reset();
      setNotice(text('mustSelectFile'));
      return;
    }
    if (paths.length < lines.length) {
      setNotice(text('selectFileEachLine'));
      return;
    }
    props.onUpload(paths, option);
    reset();
  };
  const missing = notice === text('selectFileEachLine');

  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={text('uploadTitle')}
      width={UPLOAD_DIALOG_WIDTH}
      testId="upload-dialog"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {text('cancel')}
          </Button>
          <Button colorPalette="teal" onClick={upload}>
            {text('upload')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="semibold" fontSize="sm" mb="1">
            {text('chooseFiles')}
          </Text>
          <Stack as="ol" gap="2" listStyleType="none" aria-label={text('chooseFiles')}>
            {lines.map((line) => (
              <Flex
                as="li"
                key={line.key}
                gap="2"
                align="center"
                data-empty={line.path ? undefined : ''}
                borderRadius="sm"
                outline={missing && !line.path ? '1px solid' : undefined}
                outlineColor="border.error"
              >
                <Button size="xs" variant="outline" onClick={() => choose(line.key)}>
                  {text('chooseFile')}
                </Button>
                <Text fontSize="sm" truncate flex="1" color={line.path ? 'fg' : 'fg.muted'} title={line.path}>
                  {line.path ? nameOf(line.path) : t('transfer.noFileChosen')}
                </Text>
                {(line.path || lines.length > 1) && (
                  <CloseButton
                    size="2xs"
                    aria-label={
                      line.path
                        ? t('transfer.removeLine', { name: nameOf(line.path) })
                        : t('transfer.removeEmptyLine')
                    }
                    onClick={() => removeLine(line.key)}
                  />
                )}
              </Flex>
            ))}
          </Stack>
          <Button size="xs" variant="ghost" alignSelf="start" onClick={addLine}>
            {t('transfer.addLine')}
          </Button>
        </Stack>
        <RadioGroup.Root
          value={option}
          onValueChange={(details) => setOption(details.value as UploadOption)}
          size="sm"
          aria-label={text('uploadOptions')}
        >
          <Text fontWeight="semibold" fontSize="sm" mb="2">
            {text('uploadOptions')}
          </Text>
          <Stack gap="2">
            <RadioGroup.Item value="standard">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {text('standardDirectory')} ({props.standardName})
              </RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="current">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {text('currentDirectory')} ({props.current.name})
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          </Stack>
        </RadioGroup.Root>
        {notice && (
          <Text role="alert" fontSize="sm" color="fg.error">
            {notice}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
