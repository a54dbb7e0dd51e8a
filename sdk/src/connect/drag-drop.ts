import type { ConnectError } from '../core/types.ts';
import { errorObject } from './errors.ts';
import { MESSAGES } from './messages.ts';

/**
 * Which drag events `setDragDropTargets` listens to on its targets, and how it treats them.
 *
 * @example connect.setDragDropTargets('#drop-zone', { dragEnter: true, dragLeave: true, drop: true }, listener);
 */
export interface DragDropOptions {
  /** Call the listener on `dragenter`. @defaultValue `false` */
  dragEnter?: boolean;
  /** Call the listener on `dragover`. @defaultValue `false` */
  dragOver?: boolean;
  /** Call the listener on `dragleave`. @defaultValue `false` */
  dragLeave?: boolean;
  /** Call the listener on `drop`, with the dropped files' local paths. @defaultValue `true` */
  drop?: boolean;
  /** Let the events bubble on (`stopPropagation` is not called). @defaultValue `false` */
  allowPropagation?: boolean;
  /** Leave the browser's default handling on (`preventDefault` is not called). @defaultValue `false` */
  disablePreventDefault?: boolean;
}

/**
 * Called for each drag event on a target: `{ event }`, and for a drop also `files`, a {@link DataTransferResult}
 * holding the dropped files' local paths (or the error object when the client could not answer).
 *
 * @example const onDrop: DragDropListener = ({ event, files }) => event.type === 'drop' && console.log(files);
 */
export type DragDropListener = (result: {
  /** The DOM drag event. */
  event: DragEvent;
  /** On a drop: the dropped files' {@link DataTransferResult}, or the error object. */
  files?: unknown;
}) => void;

/** The `dataTransfer` body the client expects for dropped files (connect-protocol.md §9). */
export function droppedFilesBody(dataTransfer: DataTransfer | { files: ArrayLike<File> }) {
  const files = Array.from(dataTransfer.files ?? [], (file) => ({
    lastModifiedDate:
      (file as File & { lastModifiedDate?: Date }).lastModifiedDate?.toString() ??
      new Date(file.lastModified).toString(),
    name: file.name,
    size: file.size,
    type: file.type,
  }));
  return { dataTransfer: { files } };
}

const EVENTS = [
  ['dragEnter', 'dragenter', false],
  ['dragOver', 'dragover', false],
  ['dragLeave', 'dragleave', false],
  ['drop', 'drop', true],
] as const;

/**
 * `setDragDropTargets`: checks in the specification's order, then listens on every matching element. A drop asks
 * the client for the files' local paths and hands them to the listener with the event.
 */
export function setDragDropTargets(
  enabled: boolean,
  selector: string,
  options: DragDropOptions | undefined,
  listener: DragDropListener | undefined,
  droppedFiles: (dataTransfer: DataTransfer) => Promise<unknown>,
): ConnectError | undefined {
  if (!enabled) return errorObject(MESSAGES.dropNotEnabled);
  if (typeof listener !== 'function') return errorObject(MESSAGES.invalidDropListener);
  if (typeof options !== 'object' || options === null) return errorObject(MESSAGES.invalidDropOptions);
  let elements: Element[];
  try {
    elements = [...document.querySelectorAll(selector)];
  } catch {
    elements = [];
  }
  if (elements.length === 0) return errorObject(MESSAGES.noDropElements);
  for (const [option, type, fallback] of EVENTS) {
    if (!(options[option] ?? fallback)) continue;
    for (const element of elements) {
      element.addEventListener(type, (raw) => {
        const event = raw as DragEvent;
        if (!options.disablePreventDefault) event.preventDefault();
        if (!options.allowPropagation) event.stopPropagation();
        if (type !== 'drop' || !event.dataTransfer) return listener({ event });
        droppedFiles(event.dataTransfer).then(
          (files) => listener({ event, files }),
          (files) => listener({ event, files }),
        );
      });
    }
  }
  return undefined;
}
