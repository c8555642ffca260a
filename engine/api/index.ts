/**
 * Stage `engine/api/`: the API model of a file (DESIGN.md "api/"). Every HTTP call with its method, URL,
 * headers, body and query: which calls are requests (calls.ts), recognising clients and configured instances
 * (clients.ts), reading a call's parts (call-parts.ts), names bound by scope and followed to their values
 * (bindings.ts, with `@typescript-eslint/scope-manager` where a function-level lookup cannot settle a name),
 * requests made through same-file wrappers several levels deep, with methods and options merged from
 * parameters, their defaults and the call sites (wrappers.ts) and the request itself (request.ts); URLs and API hosts
 * (url.ts), where a host is used (host-use.ts), catalog endpoints matched by method and path template
 * (endpoints.ts), the tie of a node to an endpoint, which gives a finding its confidence (tie.ts), and that tie
 * applied to the kinds whose detectors do not tie their own matches (scoped.ts), and the numbers a value may hold
 * when a request is made: fallbacks, clamps, defaults, helpers' returns (values.ts).
 */
export * from './calls.js';
export * from './url.js';
export * from './endpoints.js';
export * from './tie.js';
export * from './host-use.js';
export * from './scoped.js';
export { restConnectorConfigs, type RestConnectorConfig, type ConnectorOperation } from './connectors.js';
export { assignedMembers, boundInFile, calledFunction, mergedArguments, promisedObject, queryObject, returnedExpression, sameFileFunction, stringOf, valueSource } from './bindings.js';
export { leadingParameterValues } from './wrappers.js';
export { angularInterceptorHeaders, JQUERY_CALL_TEXT } from './clients.js';
export { possibleNumbers, returnedExpressions, type NumberValue, type PossibleNumbers } from './values.js';
