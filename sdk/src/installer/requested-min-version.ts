let requested: string | undefined;

/**
 * The page's requested minimum client version as `Connect` knows it, so an installer built without its own
 * `minVersion` still picks its style by the 3.9.0 rule. `Connect` calls this from its constructor.
 */
export function noteRequestedMinVersion(version: string | undefined): void {
  requested = version;
}

export function requestedMinVersion(): string | undefined {
  return requested;
}
