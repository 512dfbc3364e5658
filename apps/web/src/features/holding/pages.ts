export { HoldingPage } from './holding-page';
