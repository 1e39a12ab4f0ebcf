// s3rver ships no types; this is the part of its API the tests use (README "Programmatically running s3rver").
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

// Its account registry: the tests add a key pair of their own, so a secret can be looked for in logs.
declare module "s3rver/lib/models/account" {
  export const DUMMY_ACCOUNT: { createKeyPair: (accessKeyId: string, secretAccessKey: string) => void; revokeAccessKey: (accessKeyId: string) => void };
}
