import { expect, it } from 'vitest';
import { plural } from './plural';

it('says one error, and any other count of errors', () => {
  expect([0, 1, 2].map((n) => plural(n, 'error'))).toEqual(['0 errors', '1 error', '2 errors']);
});
