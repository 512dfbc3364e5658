export { ClientFilePage } from './client-file-page';
