/**
 * A configuration's participant and version number as the lists carry them. The domain's
 * `ConfigKey` narrows the version number to the known ones; the server checks that.
 */
export interface ConfigRowKey {
  deelnemer: string;
  versienummer: string;
}

/** One version of a configuration: the active one or the draft. */
export interface ConfigVersionKey extends ConfigRowKey {
  version: number;
  draft: boolean;
}
