import { LineIcon } from '../../components/line-icon.tsx';

/**
 * The pointer's way to add an item to the selection without opening it (the listbox handles the click). Not a
 * control of its own: an option's children are presentational, and keyboard users select with Space.
 */
export function CheckMark({ selected }: { selected: boolean }) {
  return (
    <span aria-hidden="true" data-check="" className="check">
      {selected && (
        <LineIcon size={12} weight={4}>
          <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
      )}
    </span>
  );
}
