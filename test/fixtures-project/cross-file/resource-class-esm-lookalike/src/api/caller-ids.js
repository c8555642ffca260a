import { Base } from './base.js';

export class CallerIds extends Base {
  constructor(token) {
    super('people', token);
  }

  rename(personId, first) {
    return this.update(`${personId}/features/callerId`, { selected: 'DIRECT_LINE', firstName: first });
  }
}
