import { ArgumentsHost, BadRequestException, NotFoundException } from '@nestjs/common';
import { AllExceptionsFilter } from './all-exceptions.filter';

function fakeHost(headersSent = false) {
  const response = {
    headersSent,
    statusCode: 0,
    body: undefined as unknown,
    destroyed: false,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(body: unknown) {
      this.body = body;
    },
    destroy() {
      this.destroyed = true;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ArgumentsHost;
  return { host, response };
}

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();

  it('answers an unexpected error with 500 and no stack trace or internal message', () => {
    const { host, response } = fakeHost();
    filter.catch(new Error('database password is hunter2'), host);
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ statusCode: 500, message: 'Internal server error' });
  });

  it('keeps the status and message of HTTP errors in the one shape', () => {
    const { host, response } = fakeHost();
    filter.catch(new NotFoundException('Document not found'), host);
    expect(response.body).toEqual({ statusCode: 404, message: 'Document not found' });
  });

  it('passes extra fields such as field errors through', () => {
    const { host, response } = fakeHost();
    filter.catch(
      new BadRequestException({ message: 'Validation failed', errors: { name: ['x'] } }),
      host,
    );
    expect(response.body).toEqual({
      statusCode: 400,
      message: 'Validation failed',
      errors: { name: ['x'] },
    });
  });

  it('cuts the connection when a streamed answer has already started', () => {
    const { host, response } = fakeHost(true);
    filter.catch(new Error('disk gone'), host);
    expect(response.destroyed).toBe(true);
    expect(response.body).toBeUndefined();
  });
});
