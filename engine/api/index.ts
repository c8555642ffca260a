/**
 * The API model (DESIGN.md "api/"): every HTTP call of a file with its method, URL, headers, body and query
 * (calls.ts), URLs and API hosts (url.ts), catalog endpoints matched by method and path template
 * (endpoints.ts), what is read from responses (responses.ts) and the tie of a node to an endpoint, which gives
 * a finding its confidence (tie.ts).
 */
export * from './calls.js';
export * from './url.js';
export * from './endpoints.js';
export * from './tie.js';
export * from './host-use.js';
export * from './scoped.js';
