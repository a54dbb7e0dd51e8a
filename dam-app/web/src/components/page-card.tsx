import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { Form } from './form.tsx';
import { PreferencePickers } from './preference-pickers.tsx';

/** The centred card the access screens (login, passwords, accounts, invitations) are drawn in. */
export function PageCard(props: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onSubmit?(): void;
  width?: string;
}) {
  const { t } = usePreferences();
  const content = (
    <>
      <Card.Header>
        <Heading as="h1" size="xl">
          {props.title}
        </Heading>
        {props.intro && <Card.Description>{props.intro}</Card.Description>}
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{props.children}</Stack>
      </Card.Body>
      {props.footer && <Card.Footer flexWrap="wrap">{props.footer}</Card.Footer>}
    </>
  );
  return (
    <Flex minHeight="100dvh" direction="column" align="center" bg="dam.panel" px="4" py="10">
      <Flex
        as="header"
        width="full"
        maxWidth={props.width ?? 'md'}
        justify="space-between"
        align="center"
        mb="6"
      >
        <Text fontWeight="bold" fontSize="xl" color="teal.fg">
          {t('app.name')}
        </Text>
        <PreferencePickers />
      </Flex>
      <Box as="main" id="main" width="full" maxWidth={props.width ?? 'md'}>
        <Card.Root asChild>
          {props.onSubmit ? <Form onSend={props.onSubmit}>{content}</Form> : <div>{content}</div>}
        </Card.Root>
      </Box>
    </Flex>
  );
}
