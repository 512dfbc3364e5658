export { SignPage } from './sign-page';
export { SignaturesPage } from './signatures-page';
