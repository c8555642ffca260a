const axios = require('axios');

class Resource {
  constructor(path) {
    this.path = path;
  }

  create(body) {
    return axios.post(`https://crm.example.com/api/${this.path}`, body);
  }
}

module.exports = { Resource };
