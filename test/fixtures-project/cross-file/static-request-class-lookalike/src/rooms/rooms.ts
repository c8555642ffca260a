import Request from '../lib/request';

export class Rooms {
  private endpoint = Rooms.name.toLowerCase();

  meetingDetails(roomId: string): Promise<unknown> {
    return Request.get(this.endpoint + '/' + roomId + '/meetingInfo');
  }
}
