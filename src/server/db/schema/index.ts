export * from './teams.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './assistants.ts';
export * from './chat.ts';
export * from './forms.ts';
