// The native stack as the browser tests, the benchmark and the delivery
// tests use it (`@portfolio/stack`); local.ts is the `make local` launcher.
export { API_NODE_ARGS, API_NODE_ENV } from './api-runtime';
export { buildMissing } from './builds';
export { chromiumFlags, chromiumPath } from './chromium';
export { readEnvFile } from './env-file';
export { readMailbox, waitForMail, type SavedMail } from './mailbox';
export {
  ENGINE_BURST_FILE,
  FIRST_BUILD_FILE,
  piGuestFile,
  readEngineBurst,
  writeMeasurement,
  type EngineBurst,
} from './measurements';
export { nginxArgs, nginxBinary, renderNginxConfig, type NginxSettings } from './nginx-config';
export { apiMain, nginxDefaultsFile, nginxDir, repoRoot, webDist } from './paths';
export { freePort, freePorts } from './ports';
export {
  startProcess,
  stopProcess,
  waitForHttp,
  type LogSink,
  type ManagedProcess,
} from './processes';
export { startSmtpSink, type SmtpSink } from './smtp-sink';
export { startStack, type Stack, type StackOptions } from './start-stack';
export { UNTHROTTLED_ENV } from './unthrottled';
export { pdfPageTexts, stampLinePattern } from './pdf-text';
export { unzip } from './unzip';
