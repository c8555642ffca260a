export const API_ROOT = 'https://api.example.org/v1';
