import { z } from 'zod';

// Zod's built-in messages in German, for every rule that has no message of its own.
z.config(z.locales.de());

export { z };
