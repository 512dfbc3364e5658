export { ViewerPage } from './viewer-page';
