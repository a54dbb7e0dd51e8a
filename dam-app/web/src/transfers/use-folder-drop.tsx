import { type DragEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import type { FolderView } from '../../../api/folders.ts';
import type { DropTargetProps } from '../screens/browse/browse-extensions.tsx';
import { DropPopup } from './drop-popup.tsx';

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * R-DROP-UPLOAD drag-and-drop upload: while files are dragged over the page a popup follows the cursor; tree folders are
 * drop targets, highlighted while the drag is over them; a drop hands the folder and the files to `onDrop`.
 */
export function useFolderDrop(
  enabled: boolean,
  onDrop: (folder: FolderView, dataTransfer: DataTransfer) => void,
): { targetFor: (folder: FolderView) => DropTargetProps | undefined; popup: ReactNode } {
  const [cursor, setCursor] = useState<{ x: number; y: number }>();
  const [over, setOver] = useState<number>();

  useEffect(() => {
    if (!enabled) return;
    const move = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) setCursor({ x: event.clientX, y: event.clientY });
    };
    const leave = (event: globalThis.DragEvent) => {
      if (event.relatedTarget === null) {
        setCursor(undefined);
        setOver(undefined);
      }
    };
    const end = () => {
      setCursor(undefined);
      setOver(undefined);
    };
    document.addEventListener('dragenter', move);
    document.addEventListener('dragover', move);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', end);
    document.addEventListener('dragend', end);
    return () => {
      document.removeEventListener('dragenter', move);
      document.removeEventListener('dragover', move);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', end);
      document.removeEventListener('dragend', end);
    };
  }, [enabled]);

  const targetFor = useCallback(
    (folder: FolderView): DropTargetProps | undefined => {
      if (!enabled) return undefined;
      const accept = (event: DragEvent<HTMLElement>) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(folder.id);
      };
      return {
        onDragEnter: accept,
        onDragOver: accept,
        onDragLeave: (event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null))
            setOver((current) => (current === folder.id ? undefined : current));
        },
        onDrop: (event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setOver(undefined);
          setCursor(undefined);
          onDrop(folder, event.dataTransfer);
        },
        'data-drop-target': over === folder.id,
      };
    },
    [enabled, onDrop, over],
  );

  const popup = cursor ? <DropPopup x={cursor.x} y={cursor.y} overTarget={over !== undefined} /> : null;
  return { targetFor, popup };
}
