/**
 * Stage `engine/notices/`: notice-specific detectors (kind `custom`), by handler name: one module per notice no
 * generic kind expresses, with the same Match/TextEdit contract as engine/detectors/.
 */
import type { Detector } from '../detectors/detector.js';
import { devicesIdsNullable } from './devices-ids-nullable.js';
import { guestIssuerEndOfLife } from './guest-issuer-end-of-life.js';
import { authorizationBearerScheme } from './authorization-bearer-scheme.js';
import { callHistoryQueryWindow } from './call-history-query-window.js';
import { corsLocalhostOrigins } from './cors-localhost-origins.js';
import { formContentTypeJsonBody } from './form-content-type-json-body.js';
import { getRequestContentType } from './get-request-content-type.js';
import { licensePartialSuccess } from './license-partial-success.js';
import { oauthAuthorizeStateMissing } from './oauth-authorize-state-missing.js';
import { scimAccountStatusArray } from './scim-account-status-array.js';
import { tokenEndpointFormBody } from './token-endpoint-form-body.js';

const handlers: Detector<any>[] = [
  devicesIdsNullable,
  guestIssuerEndOfLife,
  authorizationBearerScheme,
  callHistoryQueryWindow,
  corsLocalhostOrigins,
  formContentTypeJsonBody,
  getRequestContentType,
  licensePartialSuccess,
  oauthAuthorizeStateMissing,
  scimAccountStatusArray,
  tokenEndpointFormBody,
];

export const noticeHandlers: ReadonlyMap<string, Detector<any>> = new Map(handlers.map((h) => [h.kind, h]));
