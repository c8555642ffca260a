export default {
  api: { origin: 'https://webexapis.com' },
};
