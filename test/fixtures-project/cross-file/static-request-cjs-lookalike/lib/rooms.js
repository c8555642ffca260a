const RoomsApi = require('./http');

class Rooms {
  meetingInfo(roomId) {
    return RoomsApi.get(`${roomId}/meetingInfo`);
  }
}

module.exports = Rooms;
