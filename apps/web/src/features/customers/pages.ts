export { CustomersPage } from './customers-page';
export { prefetch } from './prefetch';
