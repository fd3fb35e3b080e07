// The sandbox twins mounted together under `/sandbox` (server only): what the api imports to mount them.
export { SandboxModule, type SandboxOptions, type SandboxTwinOptions } from './lib/sandbox.module';
