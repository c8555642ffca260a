import { WebexApi } from './webex-api';

export class RoomsApi extends WebexApi {
  constructor(token: string) {
    super('rooms', token);
  }

  details(id: string) {
    return this.get(id);
  }

  meeting(id: string) {
    return this.get(`${id}/meetingInfo`);
  }
}
