// Only for e2e/tests/contact-outage.spec.ts, which the parallel handover-web
// branch owns: delete this file once that test imports '@portfolio/stack'.
export { startStack, type Stack } from '@portfolio/stack';
