import { MESSAGES } from './messages.ts';

const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** The first R-EMAIL-FORMAT email rule an address breaks, or undefined when it is valid. */
export function emailProblem(email: string): string | undefined {
  const at = email.split('@').length - 1;
  if (at === 0) return MESSAGES.emailMissingAt;
  if (at > 1) return MESSAGES.emailManyAt;
  const [user = '', server = ''] = email.split('@');
  if (user === '') return MESSAGES.emailNoUser;
  if (server === '') return MESSAGES.emailNoServer;
  if (!LOCAL_PART.test(user) || user.startsWith('.') || user.endsWith('.') || user.includes('..'))
    return MESSAGES.emailFormat;
  const labels = server.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return MESSAGES.emailInvalid;
  return undefined;
}
