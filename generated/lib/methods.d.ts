export declare const READ_ONLY_METHODS: ReadonlySet<string>;
