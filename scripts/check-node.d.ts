/** Types of scripts/check-node.js (plain JavaScript so that an old Node can run it). */
export declare const MINIMUM_NODE: [number, number, number][];
export declare function enginesRange(): string;
export declare function nodeVersionProblem(version: string): string | undefined;
