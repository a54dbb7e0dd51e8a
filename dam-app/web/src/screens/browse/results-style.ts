import type { SystemStyleObject } from '@chakra-ui/react';

// One style sheet for every item of the result list, set on the listbox: the items themselves are plain elements
// with class names, so scrolling through 10,000 assets renders no CSS-in-JS per tile.
const selectedItem = { bg: 'teal.subtle', borderColor: 'teal.solid' };

/** The List view's columns: check, thumbnail, name, file name, type, size, dimensions, created, added. */
export const LIST_COLUMNS = {
  base: '28px 40px minmax(0,2fr) 72px 80px',
  md: '28px 40px minmax(0,2fr) minmax(0,2fr) 72px 80px',
  xl: '28px 40px minmax(0,2fr) minmax(0,2fr) 72px 80px 100px minmax(0,1.2fr) minmax(0,1.2fr)',
};

export const resultsStyle: SystemStyleObject = {
  '& [role="option"]': { cursor: 'pointer', minWidth: 0, fontSize: 'sm' },
  '& [role="option"][data-selected]': selectedItem,
  '& .tile': {
    flex: '1',
    p: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'bg',
    _hover: { borderColor: 'teal.solid' },
  },
  '& .tile-picture': { display: 'flex', justifyContent: 'center', position: 'relative' },
  // The "archived" badge sits on the picture's corner: the caption keeps its width for the name.
  '& .tile-flag': { position: 'absolute', top: '1', insetStart: '1' },
  '& .tile-caption': { display: 'flex', gap: '2', mt: '2', alignItems: 'flex-start' },
  '& .tile-text': { minWidth: 0, flex: '1' },
  '& .name': { fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .muted': {
    color: 'fg.muted',
    fontSize: 'xs',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .cell': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  '& .end': { textAlign: 'end' },
  '& .row': {
    display: 'grid',
    gridTemplateColumns: LIST_COLUMNS,
    gap: '3',
    alignItems: 'center',
    width: 'full',
    px: '2',
    borderBottomWidth: '1px',
    _hover: { bg: 'bg.muted' },
  },
  '& .text-row': {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    width: 'full',
    px: '2',
    _hover: { bg: 'bg.muted' },
  },
  '& .thumb': {
    flexShrink: 0,
    bg: 'bg.muted',
    borderRadius: 'sm',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: 'fg.muted',
    fontSize: 'xs',
    fontWeight: 'bold',
  },
  '& .thumb img': { maxWidth: '100%', maxHeight: '100%' },
  '& .check': {
    width: '5',
    height: '5',
    flexShrink: 0,
    borderRadius: 'sm',
    borderWidth: '2px',
    borderColor: 'border.emphasized',
    bg: 'bg',
    color: 'white',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  '& [data-selected] .check': { borderColor: 'teal.solid', bg: 'teal.solid' },
  '& .wide': { display: { base: 'none', xl: 'block' } },
  '& .medium': { display: { base: 'none', md: 'block' } },
};
