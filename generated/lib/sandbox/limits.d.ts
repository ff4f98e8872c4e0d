export declare const MAX_BODY_BYTES: number;
