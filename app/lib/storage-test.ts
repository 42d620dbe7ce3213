/** What a storage config test reports (docs/product/api.md §3.5 test result), shared by the model and the page. */
export interface StorageCheck {
  success: boolean;
  error: string | null;
  note: string;
  [detail: string]: unknown;
}

export interface StorageTestOutcome {
  success: boolean;
  result: {
    read: StorageCheck;
    write: StorageCheck;
    cors: StorageCheck;
    frontendSim: StorageCheck;
    connectionInfo: {
      bucket: string | null;
      endpoint: string | null;
      region: string;
      pathStyle: boolean;
      provider: string;
      defaultFolder: string;
      customHost: string | null;
      signatureExpiresIn: number;
    };
    globalNote: string;
  };
}
