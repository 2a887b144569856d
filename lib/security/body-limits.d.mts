export declare const ACTION_BODY_LIMIT_BYTES: number
