export * from './webex';
