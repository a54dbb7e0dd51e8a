import { Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The title of a screen inside the shell, with its actions on the right. */
export function ScreenHeader({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex
      gap="3"
      align={{ base: 'flex-start', md: 'center' }}
      direction={{ base: 'column', md: 'row' }}
      mb="5"
    >
      <div>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {intro && (
          <Text color="fg.muted" mt="1">
            {intro}
          </Text>
        )}
      </div>
      {actions && (
        <Flex gap="2" marginStart={{ md: 'auto' }} wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
