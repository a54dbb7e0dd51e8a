import { Box } from '@chakra-ui/react';
import type { MouseEvent } from 'react';

/**
 * The pointer's way to add an item to the selection without opening it. Not a control of its own: an option's
 * children are presentational, and keyboard users select with Space on the listbox.
 */
export function CheckMark({ selected, onCheck }: { selected: boolean; onCheck(event: MouseEvent): void }) {
  return (
    <Box
      aria-hidden="true"
      data-check=""
      onClick={onCheck}
      width="5"
      height="5"
      flexShrink={0}
      borderRadius="sm"
      borderWidth="2px"
      borderColor={selected ? 'teal.solid' : 'border.emphasized'}
      bg={selected ? 'teal.solid' : 'bg'}
      color="white"
      display="flex"
      alignItems="center"
      justifyContent="center"
      cursor="pointer"
    >
      {selected && (
        <svg
          aria-hidden="true"
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
        >
          <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </Box>
  );
}
