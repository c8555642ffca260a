// CommonJS AWS Lambda: receives Webex webhooks through API Gateway and mints guest tokens for the chat widget.
const crypto = require('crypto');
const jwt = require('jsonwebtoken');
const axios = require('axios');

exports.webhook = async (event) => {
  const body = JSON.parse(event.body);
  const sig = event.headers['X-Spark-Signature']; // expect: webhook-header-names-lowercase
  const mine = crypto.createHmac('sha1', process.env.SECRET).update(JSON.stringify(body)).digest('hex'); // expect: webhook-signature-sha1, webhook-signature-raw-body
  if (mine === sig) { // expect: webhook-signature-sha1
    return { statusCode: 200 };
  }
  return { statusCode: 403 };
};

exports.register = async () => {
  await axios.post('https://webexapis.com/v1/webhooks', {
    name: 'reception calls',
    targetUrl: process.env.TARGET,
    resource: 'telephony_calls',
    event: 'created',
    filter: 'address=+4930123456', // expect: telephony-calls-filter-number
  }, { headers: { Authorization: `Bearer ${process.env.TOKEN}` } });
};

exports.guestToken = async (event) => {
  const { id, name } = JSON.parse(event.body);
  const exp = Math.round(Date.now() / 1000) + 3600;
  const token = jwt.sign({ sub: id, name, iss: process.env.ISSUER, exp: `${exp}` }, Buffer.from(process.env.ISSUER_SECRET, 'base64')); // expect: guest-jwt-exp-integer, guest-issuer-end-of-life
  return { statusCode: 200, body: JSON.stringify({ token }) };
};

exports.suspend = async (event) => {
  const { userId } = JSON.parse(event.body);
  await axios.put(`https://webexapis.com/identity/scim/${process.env.ORG}/v2/Users/${userId}`, {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    accountStatus: 'Inactive', // expect: scim-account-status-array
  }, { headers: { Authorization: `Bearer ${process.env.TOKEN}` } });
};
