import { Box } from '@chakra-ui/react';
import { useTransferText } from './transfer-text.ts';

/** R-DROP-UPLOAD: the drop popup floats 50 px from the cursor. */
export const DROP_POPUP_OFFSET = 50;
const POPUP_WIDTH = 256;

/** R-DROP-UPLOAD: the floating popup that follows the cursor during a drag, with the pre-drag or the during-drag hint. */
export function DropPopup({ x, y, overTarget }: { x: number; y: number; overTarget: boolean }) {
  const text = useTransferText();
  return (
    <Box
      position="fixed"
      // Near the right edge it sits on the cursor's left, still 50 px away, so it is never cut off.
      {...(x + DROP_POPUP_OFFSET + POPUP_WIDTH > window.innerWidth
        ? { right: `${window.innerWidth - x + DROP_POPUP_OFFSET}px` }
        : { left: `${x + DROP_POPUP_OFFSET}px` })}
      top={`${y + DROP_POPUP_OFFSET}px`}
      zIndex="tooltip"
      pointerEvents="none"
      bg={overTarget ? 'teal.solid' : 'bg.inverted'}
      color={overTarget ? 'teal.contrast' : 'fg.inverted'}
      px="3"
      py="2"
      borderRadius="md"
      boxShadow="lg"
      fontSize="sm"
      width={`${POPUP_WIDTH}px`}
      role="status"
      data-testid="drop-popup"
      data-over-target={overTarget}
    >
      {overTarget ? text('dragHintDuring') : text('dragHintBefore')}
    </Box>
  );
}
