import { describe, expect, it, vi } from 'vitest';
import { createPageBus } from './pageBus';

describe('createPageBus', () => {
  it('delivers every message to each subscriber until it unsubscribes', () => {
    const bus = createPageBus();
    const seen: string[] = [];
    const stop = bus.subscribe((m) => seen.push(m.type));
    bus.send({ type: 'REFRESH' });
    stop();
    bus.send({ type: 'SAVE' });
    expect(seen).toEqual(['REFRESH']);
  });

  it('is dirty while any component reports dirty', () => {
    const bus = createPageBus();
    bus.send({ type: 'DIRTY_CHANGED', componentId: 'a', isDirty: true });
    bus.send({ type: 'DIRTY_CHANGED', componentId: 'b', isDirty: true });
    bus.send({ type: 'DIRTY_CHANGED', componentId: 'a', isDirty: false });
    expect(bus.isDirty()).toBe(true);
    bus.send({ type: 'SAVE_SUCCEEDED', componentId: 'b', savedEntities: [{ id: 5 }] });
    expect(bus.isDirty()).toBe(false);
    bus.send({ type: 'DIRTY_CHANGED', componentId: 'c', isDirty: true });
    bus.send({ type: 'DISCARD_CHANGES' });
    expect(bus.isDirty()).toBe(false);
  });

  it('keeps the last value of each published variable', () => {
    const bus = createPageBus();
    bus.send({ type: 'VARIABLE_CHANGED', name: 'Selected', value: [1] });
    bus.send({ type: 'VARIABLE_CHANGED', name: 'Selected', value: [1, 2] });
    expect(bus.variables().get('Selected')).toEqual([1, 2]);
  });

  it('a failing handler does not stop the others', () => {
    const bus = createPageBus();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const later = vi.fn();
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe(later);
    bus.send({ type: 'REFRESH' });
    expect(later).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('delivers a message sent by a handler after the one it answers, to every handler', () => {
    const bus = createPageBus();
    const seen: string[] = [];
    bus.subscribe((m) => {
      if (m.type === 'SAVE') bus.send({ type: 'SAVE_SUCCEEDED', savedEntities: [] });
    });
    bus.subscribe((m) => seen.push(m.type));
    bus.send({ type: 'SAVE' });
    expect(seen).toEqual(['SAVE', 'SAVE_SUCCEEDED']);
  });
});
