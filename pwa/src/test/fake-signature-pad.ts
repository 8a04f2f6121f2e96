/**
 * signature_pad for jsdom, which has no canvas: a pointer press on the pad's canvas counts as
 * a stroke, reported as signature_pad reports one (endStroke). Used as
 * `vi.mock('signature_pad', () => import('@/test/fake-signature-pad.js'))`.
 */
export default class FakeSignaturePad extends EventTarget {
  private empty = true;
  constructor(canvas: HTMLCanvasElement) {
    super();
    canvas.addEventListener('pointerdown', () => {
      this.empty = false;
      this.dispatchEvent(new Event('endStroke'));
    });
  }
  isEmpty() {
    return this.empty;
  }
  clear() {
    this.empty = true;
  }
  toData() {
    return [];
  }
  fromData() {}
  on() {}
  off() {}
}
