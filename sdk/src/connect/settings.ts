import { uuid } from '../util/uuid.ts';

type Body = Record<string, unknown>;

export interface SessionSettings {
  appId: string;
  authorizationKey: string;
}

/**
 * `addStandardSettings` of connect-protocol.md §10, applied to every POST body: `authorization_key` after the
 * body's own keys (when configured), then `aspera_connect_settings` (created when missing) gains `app_id`.
 * Key order is part of the contract, so objects are rebuilt in that order and the caller's are left untouched.
 */
export function withStandardSettings(body: Body, { appId, authorizationKey }: SessionSettings): Body {
  const result: Body = { ...body };
  if (authorizationKey) result.authorization_key = authorizationKey;
  const given = result.aspera_connect_settings;
  const settings = given === undefined || given === null || given === '' ? {} : (given as Body);
  result.aspera_connect_settings = { ...settings, app_id: appId };
  return result;
}

/**
 * The body of `POST /connect/transfers/start`: each element gets the standard settings, then `request_id` (one
 * per call) and `back_link` (the page, unless given); then the top level gets the standard settings too.
 */
export function startTransfersBody(
  transferSpecs: Body[],
  session: SessionSettings,
  requestId: string = uuid(),
): { body: Body; requestId: string } {
  const backLink = typeof location === 'undefined' ? '' : location.href;
  const elements = transferSpecs.map((element) => {
    const withSettings = withStandardSettings(element, session);
    const settings = withSettings.aspera_connect_settings as Body;
    const { back_link, ...rest } = settings;
    withSettings.aspera_connect_settings =
      back_link === undefined
        ? { ...rest, request_id: requestId, back_link: backLink }
        : { ...settings, request_id: requestId };
    return withSettings;
  });
  return { body: withStandardSettings({ transfer_specs: elements }, session), requestId };
}

/** The keys of `source` that are in `allowed`, in the caller's order (subset bodies of connect-protocol.md §9). */
export function pick(source: Body, allowed: readonly string[]): Body {
  return Object.fromEntries(Object.entries(source).filter(([key]) => allowed.includes(key)));
}
