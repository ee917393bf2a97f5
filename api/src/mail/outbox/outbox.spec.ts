import { scratchDir } from '../../../test/support/scratch';
import { parseAppConfig } from '../../config/app-config';
import { Outbox } from './outbox';
import { OutboxStore } from './outbox-store';
import { makeOutboxStore } from './outbox-stores';
import { QueuedMail } from './queued-mail';

const MAIL = { from: 'a@example.ch', to: 'b@example.ch', subject: 'Hallo', text: 'Grüezi' };

const newOutbox = () => {
  const config = parseAppConfig({ MAIL_OUTBOX_DIR: scratchDir('portfolio-outbox-unit-') });
  return new Outbox(config, makeOutboxStore(config.mail.outboxDir));
};

describe('Outbox', () => {
  it('stores a message without listing or reading the queue, however long it is', async () => {
    const outbox = newOutbox();
    await outbox.enqueue(MAIL);
    const names = jest.spyOn(OutboxStore.prototype, 'names');
    const read = jest.spyOn(OutboxStore.prototype, 'read');
    for (let i = 0; i < 50; i += 1) await outbox.enqueue(MAIL);
    expect(names).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect((await outbox.stats()).queued).toBe(51);
  });

  it('reports its age and count with 200,000 messages waiting (no spread into Math.min)', async () => {
    const outbox = newOutbox();
    const ids = Array.from({ length: 200_000 }, (_, i) => `${String(i + 1).padStart(15, '0')}-x`);
    jest
      .spyOn(OutboxStore.prototype, 'names')
      .mockImplementation(async (folder) =>
        folder === 'queue' ? ids.map((id) => `${id}.json`) : [],
      );
    jest.spyOn(OutboxStore.prototype, 'read').mockImplementation(async (_folder, name) => {
      const id = name.slice(0, -'.json'.length);
      const createdAt = Number(id.split('-')[0]);
      const queued: QueuedMail = {
        id,
        createdAt,
        attempts: 0,
        nextAttemptAt: createdAt,
        mail: MAIL,
      };
      return { queued, bytes: 200 };
    });
    await outbox.refresh(1_000_000);
    expect(await outbox.stats(1_000_000)).toEqual({
      queued: 200_000,
      failed: 0,
      quarantined: 0,
      oldestQueuedSeconds: 999,
    });
    // 200,000 entries take a while on a loaded machine; the test is about correctness.
  }, 60_000);
});
