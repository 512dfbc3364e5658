export { PlatformAdminPage } from './platform-admin-page';
