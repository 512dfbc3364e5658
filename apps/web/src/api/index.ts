export type { ApiHooks, Method, RequestOptions } from './client';
export { api, configureApi, request } from './client';
export type { Contract, ContractOutput, SchemaName } from './contracts';
export { ContractError } from './contracts';
export { ApiError, isApiError, resolveErrorMessage } from './errors';
export { clearTokens, getRefreshToken, getToken, setTokens } from './tokens';
