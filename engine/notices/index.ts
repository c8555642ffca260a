/** Notice-specific detectors (kind `custom`), by handler name. One module per notice no generic kind expresses. */
import type { Detector } from '../detector.js';
import { devicesIdsNullable } from './devices-ids-nullable.js';

const handlers: Detector<any>[] = [
  devicesIdsNullable,
];

export const noticeHandlers: ReadonlyMap<string, Detector<any>> = new Map(handlers.map((h) => [h.kind, h]));
