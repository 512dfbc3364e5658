// oidc-provider ships no types; the tests use a few members only.
declare module 'oidc-provider' {
  // biome-ignore lint/suspicious/noExplicitAny: untyped test dependency.
  const Provider: any;
  export default Provider;
}
