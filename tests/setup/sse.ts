/** Parses the data lines of a server-sent-events body into JSON events plus the [DONE] marker. */
export function parseSse(body: string): { events: any[]; done: boolean } {
  const events: any[] = [];
  let done = false;
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') done = true;
    else events.push(JSON.parse(data));
  }
  return { events, done };
}
