/** The model order eslint.config.js declares, for tests/lint/models-order.test.ts. */
export declare const MODEL_KERNEL: string[];
export declare const MODEL_ORDER: string[][];
declare const config: unknown;
export default config;
