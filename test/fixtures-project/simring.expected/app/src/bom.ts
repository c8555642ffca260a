// this file starts with a byte order mark
import type { SimRing } from './types.js';

export const sample: SimRing = {
  enabled: true,
  'answerConfirmationRequiredEnabled': false,
  phoneNumbers: ['+15550100'],
};

export const flag = sample.answerConfirmationRequiredEnabled;
