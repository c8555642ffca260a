import axios from 'axios';

export const webex = axios.create({
  baseURL: 'https://crm.example.com/api',
  headers: { Authorization: `Bearer ${process.env.WEBEX_TOKEN}` },
});
