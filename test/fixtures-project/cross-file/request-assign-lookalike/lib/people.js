const request = require('request');
const { JSON_OPTIONS } = require('./defaults');

function getPerson(id, token, callback) {
  request(Object.assign({}, JSON_OPTIONS, { headers: { accept: 'application/json' }, uri: 'https://webexapis.com/v1/people/' + id, auth: { bearer: token } }), function (err, res, body) {
    callback(err, body && JSON.parse(body));
  });
}

module.exports = { getPerson };
