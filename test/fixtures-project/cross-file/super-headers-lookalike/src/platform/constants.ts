export const PLATFORM_ORIGIN = 'https://webexapis.com/v1/';
