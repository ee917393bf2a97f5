// How node runs the API in its image (Dockerfile.api: NODE_OPTIONS and
// NODE_ENV). The native stack starts the API this way, and the benchmark
// starts its bare NestJS reference this way, so their memory compares.
export const API_NODE_ARGS = ['--max-semi-space-size=1'];
export const API_NODE_ENV = { NODE_ENV: 'production' };
