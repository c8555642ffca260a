import axios from 'axios';

export const webex = axios.create({
  baseURL: 'https://webexapis.com/v1',
  headers: { Authorization: `Bearer ${process.env.WEBEX_TOKEN}` },
});
