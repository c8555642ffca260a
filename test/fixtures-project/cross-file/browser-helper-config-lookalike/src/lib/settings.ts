export default {
  api: { origin: 'https://api.example.com' },
};
