import { buildIfStale } from './build.mjs';

buildIfStale();
