const axios = require('axios');

const BASE = 'https://webexapis.com/v1/';

module.exports = class RoomsApi {
  static get(path) {
    return axios.get(`${BASE}rooms/${path}`).then((r) => r.data);
  }
};
