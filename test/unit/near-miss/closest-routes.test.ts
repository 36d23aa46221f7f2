import { closestRoutes } from '../../../src/near-miss/closest-routes';
import { closestWords } from '../../../src/near-miss/closest-words';
import { unknownTypeWarning } from '../../../src/near-miss/unknown-type-warning';
import { V1_ROUTES } from '../../../src/routes';
import { EVENT_TYPES } from '../../../src/domain/events';

const template = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('closestRoutes', () => {
  // The candidates come from the route table itself: every route, misspelt by one letter of its resource, is named.
  it.each(V1_ROUTES.map((route) => [route.method, route.path]))('a typo in the resource of %s %s names that route', (method, path) => {
    const typo = path.replace(/^\/v1\/([a-z_]+)/, (_, resource: string) => `/v1/${resource.slice(0, -1)}`).replace(/:id/g, 'x_123');
    expect(closestRoutes(method, typo, V1_ROUTES)).toContain(`${method} ${template(path)}`);
  });

  it.each([
    ['a wrong method costs more than a missing id', 'GET', '/v1/payment', ['GET /v1/payments', 'GET /v1/payments/{id}']],
    ['a different resource with the same action', 'POST', '/v1/customers/cus_x/refund', ['POST /v1/payments/{id}/refund']],
    ['nothing near', 'GET', '/v1/zzzzzzzz/qqqqqqqq/wwwwwwww/xxxxxxx', []],
    ['at most three, best first', 'GET', '/v1', ['GET /v1/payments', 'GET /v1/customers', 'GET /v1/events']],
  ])('%s: %s %s → %j', (_rule, method, path, expected) => {
    expect(closestRoutes(method, path, V1_ROUTES).slice(0, expected.length)).toEqual(expected);
  });
});

describe('closestWords and unknownTypeWarning', () => {
  it('one clear typo names one word; a tie names each', () => {
    expect(closestWords('payment.succeded', EVENT_TYPES)).toEqual(['payment.succeeded']);
    expect(closestWords('abcd', ['abce', 'abcf', 'zzzz'])).toEqual(['abce', 'abcf']);
    expect(closestWords('nothing.like.it', EVENT_TYPES)).toEqual([]);
  });

  it('a group near a known group is named as a group', () => {
    expect(unknownTypeWarning('paymnt.*', EVENT_TYPES)).toBe('299 - "No event type is named paymnt.*. Did you mean payment.*?"');
  });
});
