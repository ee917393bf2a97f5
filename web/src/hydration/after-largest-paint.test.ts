import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint, MAX_WAIT_MS } from './after-largest-paint';

type Report = (entries: Partial<LargestContentfulPaint>[]) => void;

/** Stands in for the browser's observer; `report` delivers largest-paint entries. */
function fakeObserver(supported = true): { report: Report } {
  let callback: PerformanceObserverCallback = () => undefined;
  class FakeObserver {
    static supportedEntryTypes = supported ? ['largest-contentful-paint'] : [];
    constructor(observed: PerformanceObserverCallback) {
      callback = observed;
    }
    observe() {}
    disconnect() {
      callback = () => undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report: (entries) =>
      callback({ getEntries: () => entries } as PerformanceObserverEntryList, {} as never),
  };
}

/** An image of `width` × `height` CSS pixels at the top of the viewport. */
function imageInView(width: number, height: number): HTMLImageElement {
  const image = document.body.appendChild(document.createElement('img'));
  image.getBoundingClientRect = () => new DOMRect(0, 0, width, height);
  return image;
}

/** Starts watching with a stand-in observer; `task` is what the app's start would run. */
function watch(supported = true) {
  const { report } = fakeObserver(supported);
  const task = vi.fn();
  afterLargestPaint(task, MAX_WAIT_MS);
  return { report, task };
}

/**
 * Lets `ms` pass, then 1 ms more: the task starts in a timer of its own, which a timer that
 * fires queues 1 ms later under fake timers.
 */
function passTime(ms: number): void {
  vi.advanceTimersByTime(ms);
  vi.advanceTimersByTime(1);
}

describe('afterLargestPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('waits for the paint of an image in view that is larger than the text painted before it', () => {
    const portrait = imageInView(300, 300);
    const { report, task } = watch();

    report([{ size: 20_000, element: document.body }]);
    passTime(0);
    expect(task).not.toHaveBeenCalled();

    report([{ size: 90_000, element: portrait }]);
    passTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts at the first paint when every image in view is smaller than it', () => {
    imageInView(100, 100);
    const { report, task } = watch();

    report([{ size: 50_000, element: document.body }]);
    passTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for images as large as the painted one: the browser reports only larger ones', () => {
    // The reported size is a little under the box's area (the browser rounds its rectangle).
    const first = imageInView(640, 400);
    imageInView(640.01, 400);
    const { report, task } = watch();

    report([{ size: 255_800, element: first }]);
    passTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for images outside the viewport', () => {
    const below = document.body.appendChild(document.createElement('img'));
    below.getBoundingClientRect = () => new DOMRect(0, innerHeight + 10, 800, 600);
    const { report, task } = watch();

    report([{ size: 5_000, element: document.body }]);
    passTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('neither waits for nor measures an image in a section the browser skips', () => {
    const far = imageInView(300, 300);
    far.checkVisibility = (options) => !options?.contentVisibilityAuto;
    const measure = vi.spyOn(far, 'getBoundingClientRect');
    const { report, task } = watch();

    report([{ size: 5_000, element: document.body }]);
    passTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    expect(measure).not.toHaveBeenCalled();
  });

  it(`starts after ${MAX_WAIT_MS} ms when no paint is reported, and only once`, () => {
    const portrait = imageInView(300, 300);
    const { report, task } = watch();

    passTime(MAX_WAIT_MS - 2);
    expect(task).not.toHaveBeenCalled();
    passTime(1);
    expect(task).toHaveBeenCalledTimes(1);

    report([{ size: 90_000, element: portrait }]);
    passTime(MAX_WAIT_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a browser that reports no largest paints', () => {
    imageInView(300, 300);
    const { task } = watch(false);

    passTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
