// The assistant list, the shop info and their query keys, read by more than one feature (library,
// API keys, shop). One entry.
export * from './get-assistants.ts';
export * from './get-shop.ts';
export * from './keys.ts';
