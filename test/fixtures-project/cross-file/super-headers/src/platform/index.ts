export { PlatformHttp, platformHttp } from './platform-http';
export { Teams } from './teams';
