import { describe, expect, it } from 'vitest';
import { ApiException } from '../common/api-exception.filter';
import { TransformQueue } from './transform-queue';

/** A task that runs until the test finishes it, recording the order tasks started in. */
function harness(queue: TransformQueue) {
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const submit = (client: string, name: string) =>
    queue.run(client, () => {
      started.push(name);
      return new Promise<string>((done) => finishers.push(() => done(name)));
    });
  const finishOne = async () => {
    finishers.shift()?.();
    await new Promise((done) => setImmediate(done));
  };
  return { started, submit, finishOne };
}

describe('TransformQueue', () => {
  it('gives free slots to the waiting clients in turn, a newcomer before the client served last', async () => {
    const queue = new TransformQueue({ maxRunning: 1, maxQueued: 10, maxPerClient: 4 });
    const { started, submit, finishOne } = harness(queue);
    const all = [
      submit('a', 'a1'),
      submit('a', 'a2'),
      submit('a', 'a3'),
      submit('b', 'b1'),
      submit('b', 'b2'),
      submit('c', 'c1'),
    ];
    await new Promise((done) => setImmediate(done));
    for (let index = 0; index < all.length; index += 1) await finishOne();
    await Promise.all(all);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(queue.load).toEqual({ running: 0, queued: 0, clients: 0 });
  });

  it('refuses a client over its share with 429 and a full queue with 503, both with Retry-After', async () => {
    const queue = new TransformQueue({ maxRunning: 1, maxQueued: 1, maxPerClient: 2 });
    const { submit, finishOne } = harness(queue);
    const first = submit('a', 'a1');
    await new Promise((done) => setImmediate(done));
    const second = submit('a', 'a2');
    const overShare = await submit('a', 'a3').catch((error: unknown) => error);
    expect(overShare).toBeInstanceOf(ApiException);
    expect((overShare as ApiException).getStatus()).toBe(429);
    expect((overShare as ApiException).headers['Retry-After']).toMatch(/^[1-9]\d*$/);

    // b takes a's waiting place (a has one running already); c finds everybody at one place each.
    const displaced = second.catch((error: unknown) => error);
    const fromB = submit('b', 'b1');
    expect(((await displaced) as ApiException).getStatus()).toBe(503);
    const full = (await submit('c', 'c1').catch((error: unknown) => error)) as ApiException;
    expect(full.getStatus()).toBe(503);
    expect(full.body).toMatchObject({ code: 'images_busy' });
    expect(full.headers['Retry-After']).toMatch(/^[1-9]\d*$/);

    await finishOne();
    await finishOne();
    expect(await Promise.all([first, fromB])).toEqual(['a1', 'b1']);
    expect(queue.load).toEqual({ running: 0, queued: 0, clients: 0 });
  });

  it('keeps half the slots from any one client, so another client starts at once', async () => {
    const queue = new TransformQueue({ maxRunning: 2, maxQueued: 10, maxPerClient: 8 });
    const { started, submit, finishOne } = harness(queue);
    const greedy = [submit('a', 'a1'), submit('a', 'a2'), submit('a', 'a3')];
    await new Promise((done) => setImmediate(done));
    expect(started).toEqual(['a1']);
    expect(queue.load).toMatchObject({ running: 1, queued: 2 });
    const other = submit('b', 'b1');
    await new Promise((done) => setImmediate(done));
    expect(started).toEqual(['a1', 'b1']);
    for (let index = 0; index < 4; index += 1) await finishOne();
    expect(await Promise.all([...greedy, other])).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(queue.load).toEqual({ running: 0, queued: 0, clients: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new TransformQueue({ maxRunning: 1, maxQueued: 1, maxPerClient: 1 });
    await expect(queue.run('a', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(queue.run('a', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
