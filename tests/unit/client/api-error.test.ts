import { apiErrorText, normaliseError } from '../../../src/client/api/api-error';

const meta = (status: number, statusText: string) => ({
  request: new Request('http://localhost/api/v1/x'),
  response: new Response(null, { status, statusText }),
});

describe('api errors', () => {
  it('take the message from the server body', () => {
    const error = normaliseError(
      { status: 403, data: { status: { code: 403, message: 'CSRF token missing', key: 'csrfMissing' } } },
      meta(403, 'Forbidden'),
      'POST',
    );
    expect(error).toEqual({ status: 403, statusText: 'Forbidden', message: 'CSRF token missing', key: 'csrfMissing', method: 'POST' });
  });

  it('describe a network failure with status 0', () => {
    expect(normaliseError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, undefined, 'GET')).toEqual({
      status: 0,
      statusText: 'FETCH_ERROR',
      message: 'TypeError: Failed to fetch',
      method: 'GET',
    });
  });

  it('format the spec\'s toast text', () => {
    expect(apiErrorText('Error fetching SSHKeys data', { status: 500, statusText: 'Internal Server Error', message: '', method: 'GET' })).toBe(
      'Error fetching SSHKeys data: 500 Internal Server Error in GET',
    );
    expect(
      apiErrorText('Error delete SSH Key', { status: 404, statusText: 'Not Found', message: 'Key not found', method: 'DELETE' }),
    ).toBe('Error delete SSH Key: 404 Not Found in DELETE: Key not found');
  });
});
