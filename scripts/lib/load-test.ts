import autocannon from 'autocannon';

/**
 * autocannon as a promise of its result, for the benches: `onResponse` sees each response's status and
 * time; `until` stops the load when it settles (a load that lasts as long as some other work).
 */
export function loadTest(
  options: autocannon.Options,
  extra: { onResponse?: (statusCode: number, responseTime: number) => void; until?: Promise<unknown> } = {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) => (error ? reject(error) : resolve(result)));
    const { onResponse, until } = extra;
    if (onResponse) instance.on('response', (_client, statusCode, _bytes, responseTime) => onResponse(statusCode, responseTime));
    // The caller awaits `until` itself and sees its failure there.
    void until?.finally(() => instance.stop()).catch(() => undefined);
  });
}
