const request = require('request');
const { JSON_OPTIONS } = require('./defaults');

function getPerson(id, token, callback) {
  request(Object.assign({}, JSON_OPTIONS, { uri: 'https://webexapis.com/v1/people/' + id, auth: { bearer: token } }), function (err, res, body) {
    callback(err, body && JSON.parse(body));
  });
}

module.exports = { getPerson };
