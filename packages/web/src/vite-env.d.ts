/** Version of packages/web/package.json, set at build time. */
declare const __APP_VERSION__: string;
/** Git commit the bundle was built from, or 'onbekend'. */
declare const __COMMIT_HASH__: string;
