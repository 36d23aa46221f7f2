import { Collection } from '../../src/store/collection';
import { Journal } from '../../src/store/journal';
import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';

describe('a bug inside the mock', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers 500 api_error as JSON, with no stack in the body, logs the stack to stderr, and keeps serving', async () => {
    const box = sandbox();
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    jest.spyOn(Collection.prototype, 'page').mockImplementationOnce(() => {
      throw new TypeError('boom in paging');
    });

    const res = await box.get('/v1/customers');
    expectError(res, 500, 'api_error');
    expect(res.text).not.toContain('boom in paging');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(res.headers['request-id']).toMatch(/^req_/);
    expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toMatch(/payments-mock internal error: TypeError: boom in paging/);

    expect((await box.get('/v1/customers')).status).toBe(200);
  });

  it('answers 500 api_error as JSON when the failure comes after the answer was made (recording it), and keeps serving', async () => {
    // Requests are answered synchronously: a throw there reaches the listener directly, not as a rejected promise.
    const box = sandbox();
    jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    jest.spyOn(Journal.prototype, 'record').mockImplementationOnce(() => {
      throw new TypeError('boom in the journal');
    });

    const res = await box.get('/v1/customers');
    expectError(res, 500, 'api_error');
    expect(res.text).not.toContain('boom in the journal');
    expect((await box.get('/v1/customers')).status).toBe(200);
  });
});
