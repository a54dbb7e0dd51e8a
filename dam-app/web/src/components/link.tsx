import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { hrefOf, type Route } from '../app/routes.tsx';
import { navigate } from '../app/use-route.ts';

/** An in-app link: a real `<a href="#…">` (keyboard, middle-click), that asks before leaving unsaved edits. */
export function Link({ to, ...props }: Omit<LinkProps, 'href'> & { to: Route }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(to);
  };
  return <ChakraLink href={hrefOf(to)} onClick={onClick} colorPalette="teal" {...props} />;
}
