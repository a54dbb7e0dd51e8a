/** English, the source language: every other language must translate every key (messages.test.ts checks it). */
export const en = {
  region: 'Rapid setup',
  dismiss: 'Close',
  troubleshoot: 'Troubleshoot',
  'launching.heading': 'Launching Rapid…',
  'launching.body': 'Rapid is starting on your computer. This takes a few seconds.',
  'launching.get': 'Don’t have Rapid? Get it',
  'download.heading': 'Install Rapid to transfer large files',
  'download.body': 'Rapid moves large files at full speed and keeps going when the connection drops.',
  'download.action': 'Download Rapid {version}',
  'install.heading': 'Open the installer you downloaded',
  'install.body': 'Run it and follow its steps, then come back to this page.',
  'install.done': 'I installed Rapid',
  'install.how': 'Show me how',
  'install.again': 'Download again',
  'install.steps': 'How to install Rapid',
  'install.step1': 'Open your Downloads folder.',
  'install.step2': 'Open the Rapid installer file you just downloaded.',
  'install.step3': 'Follow the installer’s steps, then come back to this page.',
  'install.back': 'Back',
  'update.heading': 'Update Rapid to continue',
  'update.body': 'This site needs a newer version of Rapid. Download the update and run it.',
  'update.action': 'Download the update',
  'continue.heading': 'A newer version of Rapid is available',
  'continue.body': 'You can update now, or continue with the version you have.',
  'continue.action': 'Continue without updating',
  'retry.heading': 'Rapid did not start',
  'retry.body': 'Make sure Rapid is installed, then try again.',
  'retry.action': 'Try again',
  'extension.heading': 'Add the Rapid extension to your browser',
  'extension.body':
    'It lets this page reach Rapid on your computer. Once it is added, this page reloads by itself.',
  'extension.action': 'Add the extension',
  'extension.refresh': 'Reload the page',
  'unsupported.heading': 'This browser or system is not supported',
  'unsupported.body':
    'Rapid works in current Chrome, Edge, Firefox and Chromium on Windows, macOS and Linux.',
  'running.heading': 'Rapid is ready',
  'running.body': 'You can transfer files now.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
