export * from './webex-api';
