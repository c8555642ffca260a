/**
 * Stage `engine/detectors/`: the interpreters that turn a notice's detections into raw matches. It owns the
 * Detector contract (detector.ts), one interpreter per detection kind (<kind>.ts), what they share (shared.ts,
 * auth-support.ts, transitional.ts) and type answers from a TypeScript program when one exists (type-oracle.ts).
 * Notices no generic kind expresses live in engine/notices/.
 *
 * The registry of detection interpreters, by `kind` (and, for `custom`, by handler name).
 * Adding a kind: write engine/detectors/<kind>.ts, add its Detection interface to engine/types.ts
 * and one line here.
 */
import type { Detector } from './detector.js';
import type { Detection } from '../types.js';
import { noticeHandlers } from '../notices/index.js';
import { hostDetector } from './host.js';
import { objectShapeDetector } from './object-shape.js';
import { propertyValueDetector } from './property-value.js';
import { propertyDetector } from './property.js';
import { valueMapDetector } from './value-map.js';
import { jwtClaimDetector } from './jwt-claim.js';
import { headerLookupDetector } from './header-lookup.js';
import { webhookSignatureDetector } from './webhook-signature.js';
import { scopeListDetector } from './scope-list.js';
import { urlQueryDetector } from './url-query.js';
import { requestFieldDetector } from './request-field.js';
import { urlPathDetector } from './url-path.js';

const detectors: Detector<any>[] = [
  propertyDetector,
  valueMapDetector,
  propertyValueDetector,
  objectShapeDetector,
  hostDetector,
  jwtClaimDetector,
  headerLookupDetector,
  webhookSignatureDetector,
  scopeListDetector,
  urlQueryDetector,
  requestFieldDetector,
  urlPathDetector,
];

const byKind = new Map<string, Detector<any>>(detectors.map((d) => [d.kind, d]));

/** The interpreter of a detection, or undefined for an unknown kind/handler. */
export function getDetector(detection: Detection): Detector | undefined {
  if (detection.kind === 'custom') return noticeHandlers.get(detection.handler);
  return byKind.get(detection.kind);
}

/** Every registered kind (for tests and the schema check). */
export function detectorKinds(): string[] {
  return [...byKind.keys()];
}
