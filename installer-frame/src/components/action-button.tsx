import { Button } from '@chakra-ui/react';
import type { DialogAction } from '../dialogs/dialog-spec.ts';
import { sendToParent } from '../messages/frame-event.ts';
import type { Look } from '../theme/looks.ts';

interface Props {
  action: DialogAction;
  label: string;
  look: Look;
  downloadLink: string | undefined;
  onHowTo(): void;
}

/** One dialog action: the installer download is a real link (with `download`), everything else a button. */
export function ActionButton({ action, label, look, downloadLink, onHowTo }: Props) {
  const primary = action.kind === 'download' || (action.kind === 'event' && action.primary === true);
  const colours = primary
    ? { bg: look.accent, color: look.accentText, _hover: { bg: look.accentHover } }
    : {
        bg: 'transparent',
        color: look.link,
        borderColor: look.link,
        _hover: { textDecoration: 'underline' },
      };
  const common = {
    size: 'sm' as const,
    variant: primary ? ('solid' as const) : ('outline' as const),
    borderRadius: look.radius,
    ...colours,
  };
  if (action.kind === 'download') {
    // Without a link from the install manifest there is nothing to download: no dead button.
    if (!downloadLink) return null;
    return (
      <Button asChild {...common}>
        <a
          href={downloadLink}
          download
          onClick={() => {
            sendToParent('clicked_download_app');
            sendToParent('downloadconnect');
          }}
        >
          {label}
        </a>
      </Button>
    );
  }
  if (action.kind === 'how-to') {
    return (
      <Button
        {...common}
        onClick={() => {
          sendToParent('clicked_how_link');
          onHowTo();
        }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      {...common}
      onClick={() => {
        if (action.activity) sendToParent(action.activity);
        sendToParent(action.event);
      }}
    >
      {label}
    </Button>
  );
}
