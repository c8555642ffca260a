import { CallingApi } from './webex-api.js';

export class CallerIdTool {
  constructor(private readonly api: CallingApi) {}

  set(personId: string, first: string) {
    return this.api.updateCallerId(personId, { selected: 'DIRECT_LINE', firstName: first });
  }
}
