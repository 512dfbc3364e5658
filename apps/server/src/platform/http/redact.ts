const SECRET_PARAMS = /([?&](?:token|refresh_token|password)=)[^&#]*/gi;

/** A URL safe to log: the values of token-carrying query parameters are hidden. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');
