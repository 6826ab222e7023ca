declare module 'unicode-property-value-aliases-ecmascript' {
  /** Property name → (value alias → canonical value), for the properties of ECMAScript's \p{…}. */
  const aliases: Map<string, Map<string, string>>;
  export default aliases;
}
