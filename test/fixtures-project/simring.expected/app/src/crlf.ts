import { RingPolicy, type SimRing } from './types.js';

// this file uses CRLF line endings
export function apply(ring: SimRing, policy: RingPolicy): SimRing {
  if (policy.answerConfirmationEnabled) {
    return { ...ring, answerConfirmationRequiredEnabled: true };
  }
  return ring;
}
