import assert from 'node:assert/strict';
import { Disposable } from '../../../src/platform/disposable';

describe('Disposable', () => {
  it('disposes its children once, the last registered first, and clean-ups in turn with them', () => {
    const order: string[] = [];
    const owner = new Disposable();
    owner.register({ dispose: () => order.push('emitter') });
    owner.onDispose(() => order.push('timer'));
    owner.register({ dispose: () => order.push('listener') });
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['listener', 'timer', 'emitter']);
    assert.equal(owner.isDisposed, true);
  });

  it('returns what it registers, so a field is declared and registered in one line', () => {
    const owner = new Disposable();
    const child = {
      disposed: false,
      dispose() {
        this.disposed = true;
      },
    };
    assert.equal(owner.register(child), child);
    owner.dispose();
    assert.equal(child.disposed, true);
  });

  it('disposes a child registered after dispose() at once', () => {
    const owner = new Disposable();
    owner.dispose();
    let late = 0;
    owner.register({ dispose: () => late++ });
    assert.equal(late, 1);
  });

  it('disposes every child even when one throws, and throws the first error after', () => {
    const owner = new Disposable();
    const done: string[] = [];
    owner.register({ dispose: () => done.push('first') });
    owner.register({
      dispose: () => {
        throw new Error('second failed');
      },
    });
    owner.register({
      dispose: () => {
        throw new Error('third failed');
      },
    });
    assert.throws(() => owner.dispose(), /third failed/);
    assert.deepEqual(done, ['first']);
  });

  it('disposes nested owners with their parent (from)', () => {
    const done: string[] = [];
    const inner = Disposable.from({ dispose: () => done.push('inner child') });
    const outer = Disposable.from(inner, { dispose: () => done.push('outer child') });
    outer.dispose();
    assert.deepEqual(done, ['outer child', 'inner child']);
  });
});
