/** Where the provider is mounted inside the server; the issuer's path. */
export const MOUNT_PATH = '/oidc';
